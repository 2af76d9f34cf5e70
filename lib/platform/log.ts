import { config } from "@/lib/config.mjs";
import { maskLinkTokens } from "@/lib/http/mask-link-tokens.mjs";
/** Structured JSON logs, one line per event. Never log keys, tokens, passwords or query parameters. */
export function logRequest(fields: Record<string, unknown>): void {
  if (!config().platform.logRequests) return;
  process.stdout.write(`${maskLinkTokens(JSON.stringify({ level: "info", time: new Date().toISOString(), msg: "request", ...fields }))}\n`);
}

/**
 * Describes an error for the log without the values bound to a failed query
 * (drizzle puts them in its message): the database's own message, the stack.
 */
function describeError(error: unknown): { error: string; code?: string; stack?: string } {
  if (!(error instanceof Error)) return { error: String(error) };
  const cause = (error as { cause?: unknown }).cause;
  const fromQuery = "query" in error && "params" in error;
  if (fromQuery && cause instanceof Error) {
    return {
      error: cause.message,
      code: (cause as { code?: string }).code,
      stack: error.stack
        ?.split("\n")
        .filter((line) => line.trimStart().startsWith("at "))
        .join("\n"),
    };
  }
  return { error: error.message, stack: error.stack };
}

export function logError(fields: { request_id?: string; msg: string; error: unknown; [field: string]: unknown }): void {
  const { error, ...rest } = fields;
  process.stderr.write(`${maskLinkTokens(JSON.stringify({ level: "error", time: new Date().toISOString(), ...rest, ...describeError(error) }))}\n`);
}
