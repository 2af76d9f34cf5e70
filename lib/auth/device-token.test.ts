import { randomBytes } from "node:crypto";
import { describe, expect, test } from "vitest";
import {
  cookieFromHeader,
  DEVICE_COOKIE,
  deviceCookieOptions,
  DEVICE_TOKEN_MAX_AGE_SECONDS,
  DEVICE_TOKENS_KEPT,
  findDeviceToken,
  issueDeviceToken,
  withDeviceToken,
} from "./device-token";

const key = randomBytes(32);
const at = new Date(Date.UTC(2030, 5, 1));
const later = (seconds: number) => new Date(at.getTime() + seconds * 1000);

describe("device tokens", () => {
  test("a token issued for an account is found for it, whatever the case of the email typed", () => {
    const issued = issueDeviceToken("Ann@Example.com", at, key);
    expect(issued.value).toMatch(/^[A-Za-z0-9_-]{22}\.[0-9a-z]+\.[A-Za-z0-9_-]{43}$/);
    expect(findDeviceToken(issued.value, " ann@example.COM ", at, key)).toEqual({ id: issued.id, issuedAt: issued.issuedAt });
  });

  test.each([
    ["another account's token", (value: string) => value, "bob@example.com", key],
    ["a token made with another key", (value: string) => value, "ann@example.com", randomBytes(32)],
    ["a forged mac", (value: string) => value.replace(/\.[^.]+$/, `.${"A".repeat(43)}`), "ann@example.com", key],
    ["another id under the same mac", (value: string) => `${"B".repeat(22)}${value.slice(22)}`, "ann@example.com", key],
    [
      "an issued-at moved back",
      (value: string) => value.replace(/\.([0-9a-z]+)\./, (_, t: string) => `.${(parseInt(t, 36) - 1).toString(36)}.`),
      "ann@example.com",
      key,
    ],
    ["garbage", () => "not-a-token", "ann@example.com", key],
  ])("%s is ignored", (_name, change, email, checkKey) => {
    const issued = issueDeviceToken("ann@example.com", at, key);
    expect(findDeviceToken(change(issued.value), email, at, checkKey)).toBeNull();
  });

  test("a token is honoured for a year, not after; nor one issued in the future", () => {
    const issued = issueDeviceToken("ann@example.com", at, key);
    expect(findDeviceToken(issued.value, "ann@example.com", later(DEVICE_TOKEN_MAX_AGE_SECONDS - 1), key)).not.toBeNull();
    expect(findDeviceToken(issued.value, "ann@example.com", later(DEVICE_TOKEN_MAX_AGE_SECONDS), key)).toBeNull();
    expect(findDeviceToken(issued.value, "ann@example.com", later(-3600), key)).toBeNull();
  });

  test("one browser keeps tokens for a few accounts, the newest; signing in again replaces that account's token", () => {
    let cookie: string | null = null;
    const ids: Record<string, string> = {};
    for (let i = 0; i < DEVICE_TOKENS_KEPT + 2; i++) {
      const next = withDeviceToken(cookie, `member${i}@example.com`, later(i), key);
      cookie = next.value;
      ids[`member${i}@example.com`] = next.token.id;
    }
    const held = (email: string) => findDeviceToken(cookie, email, later(100), key)?.id ?? null;
    expect(cookie!.split("~")).toHaveLength(DEVICE_TOKENS_KEPT);
    expect(held("member0@example.com")).toBeNull();
    expect(held("member1@example.com")).toBeNull();
    for (let i = 2; i < DEVICE_TOKENS_KEPT + 2; i++) expect(held(`member${i}@example.com`)).toBe(ids[`member${i}@example.com`]);

    const again = withDeviceToken(cookie, "member3@example.com", later(200), key);
    expect(again.value.split("~")).toHaveLength(DEVICE_TOKENS_KEPT);
    expect(findDeviceToken(again.value, "member3@example.com", later(300), key)?.id).toBe(again.token.id);
    expect(again.token.id).not.toBe(ids["member3@example.com"]);
    expect(findDeviceToken(again.value, "member2@example.com", later(300), key)?.id).toBe(ids["member2@example.com"]);
  });

  test("expired and malformed tokens are dropped when the cookie is written again", () => {
    const old = issueDeviceToken("old@example.com", at, key).value;
    const next = withDeviceToken(`${old}~junk`, "ann@example.com", later(DEVICE_TOKEN_MAX_AGE_SECONDS + 1), key);
    expect(next.value.split("~")).toHaveLength(1);
  });

  test.each([
    [`a=1; ${DEVICE_COOKIE}=tok.en~two; b=2`, "tok.en~two"],
    [[`${DEVICE_COOKIE}=x`], "x"],
    ["dashboard-device-other=1", null],
    [undefined, null],
  ])("the device cookie in the header %j: %j", (header, value) => {
    expect(cookieFromHeader(header)).toBe(value);
  });

  test("the cookie: httpOnly, Lax, path /, a year; Secure only over https", () => {
    expect(deviceCookieOptions(false)).toEqual({ httpOnly: true, secure: false, sameSite: "lax", path: "/", maxAge: 365 * 24 * 3600 });
    expect(deviceCookieOptions(true).secure).toBe(true);
  });
});
