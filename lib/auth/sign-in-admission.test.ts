import { describe, expect, test } from "vitest";
import { isCredentialsSignIn, SignInAdmission, SIGN_INS_ADMITTED_AT_ONCE, SIGN_INS_ADMITTED_PER_SECOND } from "./sign-in-admission.mjs";

/** A clock the test moves by hand (milliseconds). */
function manualClock() {
  let now = 0;
  return { now: () => now, advance: (ms: number) => (now += ms) };
}

describe("SignInAdmission", () => {
  test("lets a burst through at once, then one a 1/rate seconds; a refusal takes nothing", () => {
    const clock = manualClock();
    const admission = new SignInAdmission(10, 5, clock.now);
    expect(Array.from({ length: 8 }, () => admission.tryAdmit())).toEqual([true, true, true, true, true, false, false, false]);
    clock.advance(99);
    expect(admission.tryAdmit()).toBe(false);
    clock.advance(1);
    expect(admission.tryAdmit()).toBe(true);
    expect(admission.tryAdmit()).toBe(false);
    clock.advance(250);
    expect([admission.tryAdmit(), admission.tryAdmit(), admission.tryAdmit()]).toEqual([true, true, false]);
  });

  test("a long quiet while refills the bucket up to the burst, no further", () => {
    const clock = manualClock();
    const admission = new SignInAdmission(10, 5, clock.now);
    for (let i = 0; i < 5; i++) admission.tryAdmit();
    clock.advance(60_000);
    expect(Array.from({ length: 7 }, () => admission.tryAdmit()).filter(Boolean)).toHaveLength(5);
  });

  test("refuses a rate or burst that would admit nothing", () => {
    expect(() => new SignInAdmission(0, 5)).toThrow(RangeError);
    expect(() => new SignInAdmission(10, 0)).toThrow(RangeError);
    expect(() => new SignInAdmission(10, 1.5)).toThrow(RangeError);
  });

  test("the instance's rate lets the password gate's 2 + 6 places fill at once", () => {
    expect(SIGN_INS_ADMITTED_AT_ONCE).toBeGreaterThanOrEqual(8);
    expect(SIGN_INS_ADMITTED_PER_SECOND).toBeGreaterThan(0);
  });
});

describe("isCredentialsSignIn: the door counts what Next routes to the credentials sign-in, however the target is spelled", () => {
  test.each([
    "/api/auth/callback/credentials",
    "/api/auth/callback/credentials?",
    "/api/auth/callback/credentials?callbackUrl=%2F",
    "/api/auth/callback/credentials/",
    "/api/auth/callback/%63redentials",
    "/api/auth/callback%2Fcredentials",
    "/%61pi/auth/callback/credentials",
    "//api//auth/callback/credentials",
    "/api/auth/x/../callback/credentials",
    "/api/auth/./callback/credentials",
    "http://evil.example/api/auth/callback/credentials",
    "https://localhost:3000/api/auth/callback/credentials?x=1",
    "/API/Auth/Callback/Credentials",
    "/api/auth/callback/%E0%A4%A",
  ])("counted: %s", (target) => {
    expect(isCredentialsSignIn("POST", target)).toBe(true);
  });

  test.each(["/api/auth/callback/credentialsx", "/api/auth/callback", "/api/auth/session", "/login", "/api/auth/callback/github"])(
    "not a sign-in: %s",
    (target) => {
      expect(isCredentialsSignIn("POST", target)).toBe(false);
    },
  );

  test("only a POST signs in", () => {
    expect(isCredentialsSignIn("GET", "/api/auth/callback/credentials")).toBe(false);
    expect(isCredentialsSignIn("HEAD", "/api/auth/callback/credentials")).toBe(false);
    expect(isCredentialsSignIn("POST", undefined)).toBe(false);
  });
});
