import type { Translate } from "@/lib/i18n/translate";
import type { ActionResult } from "./result";
import { isOutage } from "@/lib/api/outage";
import { announcePlatformStatus } from "./platform-status-event";

/**
 * Calls a server action from the browser. Every action answers a typed result; only a request that does not get through
 * (offline, a dropped connection, a server restarting) throws, and a thrown error in a transition would replace the page
 * with the error screen, or leave a form spinning with nothing said. Here it comes back as a typed error like any other
 * (kind `unreachable`, code `unreachable`), with a message that says whether to check before repeating: the server may
 * have acted before the answer was lost. The ledger's submissions have their own (useLedgerSubmission: a repeat with the
 * same key is safe there).
 */
export async function callAction<I, T>(action: (input: I) => Promise<ActionResult<T>>, input: I, t: Translate): Promise<ActionResult<T>> {
  try {
    const result = await action(input);
    // The platform did not answer: the shell's banner says so at once.
    if (!result.ok && isOutage(result.error)) announcePlatformStatus();
    return result;
  } catch (error) {
    // Next's own signals (a redirect, not-found) are thrown on purpose: they go on to the router.
    if (isNextSignal(error)) throw error;
    return { ok: false, error: { kind: "unreachable", code: "unreachable", message: t("errors.unreachable"), fieldErrors: {} } };
  }
}

function isNextSignal(error: unknown): boolean {
  const digest = typeof error === "object" && error !== null && "digest" in error ? (error as { digest: unknown }).digest : null;
  return typeof digest === "string" && digest.startsWith("NEXT_");
}
