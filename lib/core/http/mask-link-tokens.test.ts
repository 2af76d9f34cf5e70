import { expect, test } from "vitest";
import { maskLinkTokens } from "./mask-link-tokens.mjs";

test("log lines never carry a one-time link's token: a path, a URL and an encoded JSON line are masked", () => {
  const token = "Qm9vcmluZy1idXQtcmFuZG9tLXRva2VuLW9mLTQzLWNo";
  expect(maskLinkTokens(`/welcome/${token}`)).toBe("/welcome/[token]");
  expect(maskLinkTokens(`GET https://dash.example.com/welcome/${token}?x=1 200`)).toBe("GET https://dash.example.com/welcome/[token]?x=1 200");
  expect(maskLinkTokens(JSON.stringify({ msg: "request", path: `/welcome/${token}` }))).toBe('{"msg":"request","path":"/welcome/[token]"}');
  expect(maskLinkTokens("/settings/team")).toBe("/settings/team");
});
