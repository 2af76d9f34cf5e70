import type { z } from "zod";
import { hasMessage, type Translate } from "@/lib/i18n/translate";
import type { FieldErrors } from "@/lib/core/actions/result";

/**
 * Texts for zod issues in the user's language. Form schemas put i18n keys in
 * their messages (`"form.email"`); zod's built-in issues map by code.
 */
function issueMessage(issue: z.core.$ZodIssue, t: Translate): string {
  const vars: Record<string, string | number> = {};
  if ("maximum" in issue) vars.max = Number(issue.maximum);
  if ("minimum" in issue) vars.min = Number(issue.minimum);
  // A custom issue may carry its text's placeholders (an amount's bounds in money).
  if (issue.code === "custom" && issue.params) {
    for (const [name, value] of Object.entries(issue.params)) if (typeof value === "string" || typeof value === "number") vars[name] = value;
  }
  if (issue.message && hasMessage(issue.message)) return t(issue.message, vars);
  switch (issue.code) {
    case "too_small":
      return Number(issue.minimum) <= 1 && issue.origin === "string" ? t("form.required") : t("form.too_short", vars);
    case "too_big":
      return t("form.too_long", vars);
    case "invalid_format":
      return issue.format === "email" ? t("form.email") : issue.format === "url" ? t("form.url") : t("form.invalid");
    case "invalid_type":
      return issue.input === undefined || issue.input === null ? t("form.required") : t("form.invalid");
    default:
      return t("form.invalid");
  }
}

export function issuesToFieldErrors(issues: z.core.$ZodIssue[], t: Translate): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of issues) {
    const key = issue.path.map(String).join(".") || "_form";
    (errors[key] ??= []).push(issueMessage(issue, t));
  }
  return errors;
}
