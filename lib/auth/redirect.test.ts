import { describe, expect, test } from "vitest";
import { HOME_PATH, sameOriginPath } from "./redirect";

const ORIGIN = "https://dash.example.com";

describe("the target after sign-in", () => {
  // As they arrive: the page reads callbackUrl from the query string, decoded once.
  const fromQuery = (raw: string) => new URLSearchParams(`callbackUrl=${raw}`).get("callbackUrl")!;

  test.each([
    "/%5Cevil.example",
    "/%09/evil.example",
    "//evil.example",
    "https://evil.example",
    "%2F%2Fevil.example",
    "/%0A/evil.example",
    "/%5C%5Cevil.example",
  ])("?callbackUrl=%s goes to the home page", (raw) => {
    expect(sameOriginPath(fromQuery(raw), ORIGIN)).toBe(HOME_PATH);
  });

  test.each([
    "/\\evil.example",
    "//evil.example",
    "https://evil.example",
    "https://evil.example/contacts",
    "\\\\evil.example",
    "/\t/evil.example",
    " //evil.example",
    "javascript:alert(1)",
    "data:text/html,<script>alert(1)</script>",
    "http://dash.example.com/contacts",
    "https://dash.example.com:8443/contacts",
    "https://dash.example.com.evil.example/",
    "https://user@evil.example",
    "http://[::1",
  ])("%j goes to the home page", (value) => {
    expect(sameOriginPath(value, ORIGIN)).toBe(HOME_PATH);
    // And whatever is returned resolves to this origin.
    expect(new URL(sameOriginPath(value, ORIGIN), ORIGIN).origin).toBe(ORIGIN);
  });

  test.each([
    ["/contacts", "/contacts"],
    ["/contacts/12?bot=101&created=1700000000#ledger", "/contacts/12?bot=101&created=1700000000#ledger"],
    ["https://dash.example.com/lists?q=a", "/lists?q=a"],
    ["lists", "/lists"],
  ])("%j stays on the site as %j", (value, expected) => {
    expect(sameOriginPath(value, ORIGIN)).toBe(expected);
  });

  test("no value: the home page", () => {
    expect(sameOriginPath(undefined, ORIGIN)).toBe(HOME_PATH);
    expect(sameOriginPath("", ORIGIN)).toBe(HOME_PATH);
  });
});
