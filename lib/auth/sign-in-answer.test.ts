import { describe, expect, test } from "vitest";
import { withRetryAfter } from "./sign-in-answer";

const json = (url: string, status = 401) =>
  new Response(JSON.stringify({ url }), { status, headers: { "content-type": "application/json", "set-cookie": "a=1; Path=/" } });
const redirect = (url: string) => new Response(null, { status: 302, headers: { location: url } });
const base = "http://127.0.0.1:3000/login";

describe("sign-in answers refused for a while become 429 with Retry-After", () => {
  test.each([
    ["JSON, throttled", json(`${base}?error=throttled%3A42`), 42],
    ["JSON, busy", json(`${base}?error=busy%3A1`), 1],
    ["redirect, throttled", redirect(`${base}?error=throttled:7`), 7],
    ["JSON, zero seconds: at least 1", json(`${base}?error=throttled%3A0`), 1],
  ])("%s", async (_name, response, seconds) => {
    const answer = await withRetryAfter(response);
    expect(answer.status).toBe(429);
    expect(answer.headers.get("retry-after")).toBe(String(seconds));
    expect(answer.headers.get("location")).toBeNull();
    const { url } = (await answer.json()) as { url: string };
    expect(new URL(url).searchParams.get("error")).toMatch(/^(throttled|busy):\d+$/);
  });

  test("the cookies next-auth set are kept", async () => {
    const answer = await withRetryAfter(json(`${base}?error=busy%3A1`));
    expect(answer.headers.getSetCookie()).toEqual(["a=1; Path=/"]);
  });

  test.each([
    ["wrong password", json(`${base}?error=invalid_credentials`)],
    ["success", json("http://127.0.0.1:3000/contacts", 200)],
    ["other error", redirect(`${base}?error=throttled:abc`)],
    ["not JSON", new Response("<html>", { status: 200, headers: { "content-type": "application/json" } })],
    ["no url", new Response(JSON.stringify({}), { status: 401, headers: { "content-type": "application/json" } })],
  ])("%s: unchanged", async (_name, response) => {
    const answer = await withRetryAfter(response);
    expect(answer).toBe(response);
    expect(answer.headers.get("retry-after")).toBeNull();
  });
});
