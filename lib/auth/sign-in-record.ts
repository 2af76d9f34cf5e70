import type { SignInResult } from "./sign-in";

/**
 * Which security event a refused sign-in writes. A refusal that compared nothing writes none: "busy" is load
 * shedding, and a reservation refused because a scope was already locked is one of a flood that the event of the
 * attempt that started the lock already stands for (one `sign_in_throttled` row per lock, not one per request).
 */
export function signInRefusalEvent(result: Exclude<SignInResult, { ok: true }>): "sign_in_failed" | "sign_in_throttled" | null {
  switch (result.reason) {
    case "invalid_credentials":
      return "sign_in_failed";
    case "throttled":
      return result.compared ? "sign_in_throttled" : null;
    default:
      return null;
  }
}
