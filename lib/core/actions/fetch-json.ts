import type { ActionError } from "./result";
import { isOutage } from "@/lib/api/outage";
import { announcePlatformStatus } from "./platform-status-event";

/**
 * A failed request of the browser to a dashboard route handler: the handler's
 * typed error (`{error: ActionError}`, lib/auth/authed-route.ts) with the HTTP
 * status; for an answer without one (a proxy's page, a network failure), an
 * error of kind "server" that says what happened.
 */
export class ApiError extends Error {
  constructor(
    readonly error: ActionError,
    readonly status: number,
  ) {
    super(error.message);
    this.name = "ApiError";
  }
}

/**
 * The one way the dashboard's browser code reads its own route handlers (with
 * react-query): GET, never cached, JSON back; anything but a 2xx with JSON
 * throws an ApiError.
 */
export async function fetchJson<T>(url: string, options: { signal?: AbortSignal } = {}): Promise<T> {
  let response: Response;
  try {
    response = await fetch(url, { signal: options.signal, cache: "no-store", headers: { accept: "application/json" } });
  } catch (cause) {
    if (options.signal?.aborted) throw cause;
    throw new ApiError({ kind: "server", message: cause instanceof Error ? cause.message : String(cause), fieldErrors: {} }, 0);
  }
  return readAnswer<T>(response);
}

/**
 * A form with a file (FormData, multipart) to a dashboard route handler, the same way: JSON back, anything but a
 * 2xx with JSON throws an ApiError (the handler's typed error when it sent one).
 */
export async function postForm<T>(url: string, body: FormData, options: { signal?: AbortSignal } = {}): Promise<T> {
  let response: Response;
  try {
    response = await fetch(url, { method: "POST", body, signal: options.signal, cache: "no-store", headers: { accept: "application/json" } });
  } catch (cause) {
    if (options.signal?.aborted) throw cause;
    throw new ApiError({ kind: "server", message: cause instanceof Error ? cause.message : String(cause), fieldErrors: {} }, 0);
  }
  return readAnswer<T>(response);
}

/** The JSON of a 2xx answer, or the ApiError of any other. */
async function readAnswer<T>(response: Response): Promise<T> {
  const body: unknown = await response.json().catch(() => undefined);
  const error = (body as { error?: ActionError } | undefined)?.error;
  // The platform did not answer the handler: the shell's banner says so at once.
  if (error && isOutage(error)) announcePlatformStatus();
  if (!response.ok || body === undefined) {
    throw new ApiError(
      error && typeof error.message === "string"
        ? error
        : { kind: "server", message: `HTTP ${response.status} ${response.statusText}`.trim(), fieldErrors: {} },
      response.status,
    );
  }
  return body as T;
}
