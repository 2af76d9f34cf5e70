import type { Translate } from "./i18n";

export type FieldErrors = Record<string, string[]>;

/** Any error the gateway turns into the spec's JSON: a status, a body and optional headers. */
export class PlatformError extends Error {
  constructor(
    readonly status: number,
    readonly body: Record<string, unknown>,
    readonly headers: Record<string, string> = {},
  ) {
    super(typeof body.message === "string" ? body.message : typeof body.error === "string" ? body.error : `HTTP ${status}`);
    this.name = "PlatformError";
  }
}

/** Thrown only for 422s, so the gateway can redirect non-JSON clients as Laravel does. */
export class ValidationError extends PlatformError {
  constructor(
    readonly errors: FieldErrors,
    message: string,
    code?: string,
  ) {
    super(422, code ? { message, code, errors } : { message, errors });
    this.name = "ValidationError";
  }
}

/** Laravel's summary: the first message, plus "(and N more errors)". */
function summarizeErrors(errors: FieldErrors, t: Translate): string {
  const messages = Object.values(errors).flat();
  const first = messages[0] ?? "";
  const more = messages.length - 1;
  if (more <= 0) return first;
  return `${first} ${t(more === 1 ? "validation.more_errors" : "validation.more_errors_plural", { count: more })}`;
}

export function validationError(errors: FieldErrors, t: Translate, code?: string): ValidationError {
  return new ValidationError(errors, summarizeErrors(errors, t), code);
}

/** A 422 on one field with a machine-readable `code` (`currency_exists`, `insufficient_funds`, …). */
export function codedValidationError(field: string, code: string, text: string): ValidationError {
  return new ValidationError({ [field]: [text] }, text, code);
}

export function notFound(text: string, field?: string): PlatformError {
  return new PlatformError(404, field ? { message: text, error: text, errors: { [field]: [text] } } : { message: text, error: text });
}

export function forbidden(text: string): PlatformError {
  return new PlatformError(403, { error: text, message: text });
}
