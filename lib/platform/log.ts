import { config } from "@/lib/core/config.mjs";
import { maskLinkTokens } from "@/lib/core/http/mask-link-tokens.mjs";
import { errorText } from "@/lib/db/failure";
/** Structured JSON logs, one line per event. Never log keys, tokens, passwords or query parameters. */
export function logRequest(fields: Record<string, unknown>): void {
  if (!config().platform.logRequests) return;
  process.stdout.write(`${maskLinkTokens(JSON.stringify({ level: "info", time: new Date().toISOString(), msg: "request", ...fields }))}\n`);
}

/**
 * Describes an error for the log through errorText (never the values bound to a failed query, which drizzle puts in its
 * message), with the driver's code and the stack's frames (never its first line, which repeats that message).
 */
function describeError(error: unknown): { error: string; code?: string; stack?: string } {
  if (!(error instanceof Error)) return { error: errorText(error) };
  const cause = error.cause;
  const code = cause instanceof Error && "code" in cause && typeof cause.code === "string" ? cause.code : undefined;
  const stack = error.stack
    ?.split("\n")
    .filter((line) => line.trimStart().startsWith("at "))
    .join("\n");
  return { error: errorText(error), ...(code ? { code } : {}), ...(stack ? { stack } : {}) };
}

export function logError(fields: { request_id?: string; msg: string; error: unknown; [field: string]: unknown }): void {
  const { error, ...rest } = fields;
  process.stderr.write(`${maskLinkTokens(JSON.stringify({ level: "error", time: new Date().toISOString(), ...rest, ...describeError(error) }))}\n`);
}
