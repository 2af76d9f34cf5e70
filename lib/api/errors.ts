import "server-only";
import { isOutage } from "./outage";

export type FieldErrors = Record<string, string[]>;

/** Why no platform call can be made at all: only an owner's Settings can fix these. */
const CONNECTION_PROBLEMS = ["not_configured", "undecryptable", "key_for_other_address"] as const;
export type ConnectionProblem = (typeof CONNECTION_PROBLEMS)[number];
export const isConnectionProblem = (code: string | undefined): code is ConnectionProblem => CONNECTION_PROBLEMS.includes(code as ConnectionProblem);

/** Codes the client gives when the platform's body has none: 401 unauthorized, 404 not_found, … */
const DEFAULT_CODES: Record<number, string> = {
  0: "network_error",
  400: "bad_request",
  401: "unauthorized",
  402: "pro_required",
  403: "forbidden",
  404: "not_found",
  405: "method_not_allowed",
  410: "method_removed",
  413: "payload_too_large",
  422: "validation_failed",
  429: "rate_limited",
};

function defaultCode(status: number): string {
  return DEFAULT_CODES[status] ?? (status >= 500 ? "server_error" : status >= 300 && status < 400 ? "unexpected_redirect" : "unexpected_status");
}

/**
 * Every failure of a platform call: the HTTP status (0 when the platform could
 * not be reached), the body's `code` (or a default for the status), the 422
 * field errors by dotted key, a message, and Retry-After in seconds for a 429.
 * It never carries the API key: messages are redacted when built.
 */
export class PlatformApiError extends Error {
  readonly status: number;
  readonly code: string;
  readonly fieldErrors: FieldErrors;
  readonly retryAfter: number | null;
  /** The platform method that failed. */
  readonly method: string;

  constructor(init: { status: number; code?: string | null; fieldErrors?: FieldErrors; message: string; retryAfter?: number | null; method: string }) {
    super(init.message);
    this.name = "PlatformApiError";
    this.status = init.status;
    this.code = init.code || defaultCode(init.status);
    this.fieldErrors = init.fieldErrors ?? {};
    this.retryAfter = init.retryAfter ?? null;
    this.method = init.method;
  }

  toJSON() {
    return { status: this.status, code: this.code, fieldErrors: this.fieldErrors, message: this.message, retryAfter: this.retryAfter };
  }
}

export function isPlatformApiError(error: unknown): error is PlatformApiError {
  return error instanceof PlatformApiError;
}

/** A PlatformApiError that means the platform is not answering (lib/api/outage.ts): what was loaded before may be shown. */
export function isPlatformOutage(error: unknown): error is PlatformApiError {
  return error instanceof PlatformApiError && isOutage(error);
}

/** An extension method (getContact, getListItems, …) the platform does not have: the caller falls back. */
export type Extension<T> = { available: true; data: T } | { available: false };
