import "server-only";
import type { z } from "zod";
import { getDb, type Db } from "@/lib/db/client";
import { getTranslator } from "@/lib/i18n/server";
import type { Translate } from "@/lib/i18n/translate";
import type { ActionResult } from "@/lib/core/actions/result";
import { issuesToFieldErrors } from "@/lib/core/actions/zod-messages";
import { findNulPaths } from "@/lib/core/http/input-safety";
import { toActionError } from "./action-errors";
import { permissionExplanation } from "./authorize";
import { can, type Permission } from "./permissions";
import { loadSessionUser, type SessionUser } from "./session";

export interface ActionContext {
  db: Db;
  user: SessionUser;
  t: Translate;
}

function formDataToObject(form: FormData): Record<string, unknown> {
  // Without a prototype: a field named `__proto__` stays a field.
  const out: Record<string, unknown> = Object.create(null);
  for (const [key, value] of form.entries()) {
    if (key.startsWith("$ACTION")) continue;
    out[key] = typeof value === "string" ? value : value.name;
  }
  return out;
}

/**
 * Every server action: the signed-in user re-read from the database, the
 * permission checked against the role they have now (`"self"`: what any
 * signed-in user may do to their own account), the input parsed with the
 * form's own zod schema; then fn. Failures come back typed, never thrown.
 */
export function authedAction<S extends z.ZodType, T>(
  permission: Permission | "self",
  schema: S,
  fn: (input: z.output<S>, context: ActionContext) => Promise<T>,
): (input: z.input<S> | FormData) => Promise<ActionResult<T>> {
  return async (input) => {
    const t = await getTranslator();
    try {
      const user = await loadSessionUser();
      if (!user) return { ok: false, error: { kind: "unauthenticated", message: t("auth.unauthenticated"), fieldErrors: {} } };
      // The team requires two-factor and this member has none yet: only their own account (where they turn it on) answers.
      if (permission !== "self" && user.twoFactorPending) {
        return { ok: false, error: { kind: "forbidden", code: "two_factor.required_first", message: t("two_factor.required_first"), fieldErrors: {} } };
      }
      if (permission !== "self" && !can(user.role, permission)) {
        return { ok: false, error: { kind: "forbidden", code: "forbidden", message: permissionExplanation(permission, user.role, t), fieldErrors: {} } };
      }
      const raw = input instanceof FormData ? formDataToObject(input) : input;
      const parsed = schema.safeParse(raw);
      // Text with U+0000 never reaches the database, which cannot store it (PostgreSQL error 22021).
      const nulPaths = findNulPaths(raw);
      if (!parsed.success || nulPaths.length > 0) {
        const fieldErrors = parsed.success ? {} : issuesToFieldErrors(parsed.error.issues, t);
        for (const path of nulPaths) (fieldErrors[path || "_form"] ??= []).push(t("form.nul_character"));
        return { ok: false, error: { kind: "validation", message: t("form.fix_errors"), fieldErrors } };
      }
      return { ok: true, data: await fn(parsed.data, { db: await getDb(), user, t }) };
    } catch (error) {
      return { ok: false, error: toActionError(error, t) };
    }
  };
}
