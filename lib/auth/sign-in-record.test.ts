import { expect, test } from "vitest";
import { signInRefusalEvent } from "./sign-in-record";

test.each([
  [{ ok: false, reason: "invalid_credentials" } as const, "sign_in_failed"],
  // The attempt whose failure started the lock: one row for the lock.
  [{ ok: false, reason: "throttled", retryAfter: 60, compared: true } as const, "sign_in_throttled"],
  // Refused because a scope was locked already: nothing compared, nothing written (a flood writes one row, not thousands).
  [{ ok: false, reason: "throttled", retryAfter: 59, compared: false } as const, null],
  [{ ok: false, reason: "busy", retryAfter: 1 } as const, null],
  [{ ok: false, reason: "two_factor_required" } as const, null],
])("a refused sign-in %j writes %j", (result, kind) => {
  expect(signInRefusalEvent(result)).toBe(kind);
});
