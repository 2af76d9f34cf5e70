import { z } from "zod";
import type { Translate } from "./i18n";
import { validationError, type FieldErrors } from "./errors";
import { findNulPaths } from "@/lib/core/http/input-safety";

/**
 * Laravel-like coercion, and nothing looser: "5" is an integer, "1"/"true" are
 * booleans; "5.5", "abc", "" and 5.5 are not integers.
 */
const INTEGER_TEXT = /^[+-]?\d+$/;

function toInteger(value: unknown): unknown {
  if (typeof value === "string" && INTEGER_TEXT.test(value)) {
    const n = Number(value);
    return Number.isSafeInteger(n) ? n : value.startsWith("-") ? -Infinity : Infinity;
  }
  return value;
}

const BOOLEAN_VALUES = new Map<unknown, boolean>([
  [true, true],
  [false, false],
  [1, true],
  [0, false],
  ["1", true],
  ["0", false],
  ["true", true],
  ["false", false],
]);

function toBoolean(value: unknown): unknown {
  return BOOLEAN_VALUES.has(value) ? BOOLEAN_VALUES.get(value) : value;
}

/** Optional in Laravel's sense: absent and null are the same (ConvertEmptyStringsToNull makes "" null too). */
export function optional<T extends z.ZodType>(schema: T) {
  return z.preprocess((value) => (value === null ? undefined : value), schema.optional());
}

/** An integer that may arrive as a string of digits. Infinity marks a string too large to be exact. */
export function integer() {
  return z.preprocess(
    toInteger,
    z
      .number()
      .int()
      .refine(Number.isFinite, { params: { i18n: "validation.integer" } }),
  );
}

export function boolean() {
  return z.preprocess(toBoolean, z.boolean());
}

/** A string, strictly: a JSON number is not a string (form and query fields always are). */
export function text() {
  return z.string();
}

export interface I18nIssueParams {
  i18n: string;
  [replacement: string]: string | number | bigint;
}

/** Adds a translatable issue from a superRefine. */
export function addIssue(ctx: z.RefinementCtx, path: (string | number)[], i18n: string, replacements: Record<string, string | number> = {}): void {
  ctx.addIssue({ code: "custom", path, params: { i18n, ...replacements } });
}

/** Laravel writes attribute names with spaces for underscores: `contact_id` → "contact id". */
export function attributeName(path: readonly PropertyKey[]): string {
  return path.map(String).join(".").replace(/_/g, " ");
}

function issueText(issue: z.core.$ZodIssue, t: Translate): string {
  const attribute = attributeName(issue.path);
  const raw = issue as unknown as Record<string, unknown>;
  switch (issue.code) {
    case "invalid_type": {
      if (raw.input === undefined || raw.input === null) return t("validation.required", { attribute });
      const expected = String(raw.expected);
      if (expected === "int" || expected === "number") return t("validation.integer", { attribute });
      if (expected === "boolean") return t("validation.boolean", { attribute });
      if (expected === "array") return t("validation.array", { attribute });
      if (expected === "object" || expected === "record") return t("validation.object", { attribute });
      if (expected === "string") return t("validation.string", { attribute });
      return t("validation.invalid", { attribute });
    }
    case "too_big": {
      const origin = String(raw.origin);
      const max = String(raw.maximum);
      if (origin === "string") return t("validation.max.string", { attribute, max });
      if (origin === "array" || origin === "set") return t("validation.max.array", { attribute, max });
      return t("validation.max.numeric", { attribute, max });
    }
    case "too_small": {
      const origin = String(raw.origin);
      const min = String(raw.minimum);
      if (origin === "string") return t("validation.min.string", { attribute, min });
      if (origin === "array" || origin === "set") return t("validation.min.array", { attribute, min });
      return t("validation.min.numeric", { attribute, min });
    }
    case "invalid_value":
      // An enum that got nothing: Laravel's `required` comes before `in`.
      if (raw.input === undefined || raw.input === null) return t("validation.required", { attribute });
      return t("validation.in", { attribute });
    case "invalid_format": {
      const format = String(raw.format);
      if (format === "email") return t("validation.email", { attribute });
      if (format === "uuid" || format === "guid") return t("validation.uuid", { attribute });
      return t("validation.regex", { attribute });
    }
    case "custom": {
      const params = (raw.params ?? {}) as Partial<I18nIssueParams>;
      if (params.i18n) {
        const { i18n, ...replacements } = params;
        return t(i18n, { attribute, ...(replacements as Record<string, string | number>) });
      }
      return t("validation.invalid", { attribute });
    }
    default:
      return t("validation.invalid", { attribute });
  }
}

/** Turns zod issues into Laravel's `errors` map: dotted paths, every invalid field, first issue per rule. */
export function issuesToErrors(issues: readonly z.core.$ZodIssue[], t: Translate): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of issues) {
    // Unions report their branches; show the first branch's issues.
    if (issue.code === "invalid_union" && issue.errors.length > 0 && issue.errors[0].length > 0) {
      const nested = issuesToErrors(
        issue.errors[0].map((inner) => ({ ...inner, path: [...issue.path, ...inner.path] })),
        t,
      );
      for (const [key, messages] of Object.entries(nested)) (errors[key] ??= []).push(...messages);
      continue;
    }
    const key = issue.path.map(String).join(".");
    const message = issueText(issue, t);
    const list = (errors[key] ??= []);
    if (!list.includes(message)) list.push(message);
  }
  return errors;
}

/** A 422 entry for each text that carries U+0000, which PostgreSQL cannot store in text (it would fail with 22021). */
export function nulCharacterErrors(input: unknown, t: Translate): FieldErrors {
  const errors: FieldErrors = {};
  for (const path of findNulPaths(input)) errors[path] = [t("validation.nul_character", { attribute: attributeName(path.split(".")) })];
  return errors;
}

/**
 * Validates parameters against a method's schema; throws the spec's 422 on failure.
 * Any text with U+0000, declared by the schema or not, is refused too (every invalid field is listed together).
 */
export function parseParams<T extends z.ZodType>(schema: T, input: unknown, t: Translate): z.output<T> {
  const nul = nulCharacterErrors(input, t);
  const result = schema.safeParse(input, { reportInput: true });
  if (result.success && Object.keys(nul).length === 0) return result.data;
  const errors = nul;
  if (!result.success) {
    for (const [key, messages] of Object.entries(issuesToErrors(result.error.issues, t))) {
      const list = (errors[key] ??= []);
      for (const message of messages) if (!list.includes(message)) list.push(message);
    }
  }
  throw validationError(errors, t);
}
