/** Structured JSON logs, one line per event. Never log keys, tokens or passwords. */
export function logRequest(fields: Record<string, unknown>): void {
  if (process.env.PLATFORM_LOG_REQUESTS === "0") return;
  process.stdout.write(`${JSON.stringify({ level: "info", time: new Date().toISOString(), msg: "request", ...fields })}\n`);
}

export function logError(fields: { request_id?: string; msg: string; error: unknown }): void {
  const { error, ...rest } = fields;
  const detail = error instanceof Error ? { error: error.message, stack: error.stack } : { error: String(error) };
  process.stderr.write(`${JSON.stringify({ level: "error", time: new Date().toISOString(), ...rest, ...detail })}\n`);
}
