/**
 * What every server action answers, and what route handlers answer as JSON on
 * failure: typed, with field errors by dotted key (`fields.3.slug`) so that a
 * form can put each on its input.
 */
export type FieldErrors = Record<string, string[]>;

/** The kinds a server answers (an action's result, a route handler's refusal). */
export type ServerActionErrorKind = "unauthenticated" | "forbidden" | "validation" | "conflict" | "not_found" | "platform" | "rate_limited" | "server";

export type ActionErrorKind =
  | ServerActionErrorKind
  /** The browser's request to the dashboard did not get through, or its answer was lost (lib/core/actions/call-action.ts). */
  | "unreachable";

export interface ActionError {
  kind: ActionErrorKind;
  message: string;
  fieldErrors: FieldErrors;
  /** The platform's `code` (insufficient_funds, …) or ours (team.last_owner, …). */
  code?: string;
  /** The platform's HTTP status, for platform errors. */
  status?: number;
  /** Seconds, when waiting helps. */
  retryAfter?: number;
}

/** An error a server makes: any kind but the browser's own `unreachable`. */
export type ServerActionError = ActionError & { kind: ServerActionErrorKind };

export type ActionResult<T> = { ok: true; data: T } | { ok: false; error: ActionError };
