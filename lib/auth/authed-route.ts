import "server-only";
import type { z } from "zod";
import { getDb } from "@/lib/db/client";
import { getTranslator } from "@/lib/i18n/server";
import { issuesToFieldErrors } from "@/lib/dashboard/zod-messages";
import type { ActionError } from "@/lib/dashboard/action-result";
import { stringifyJson } from "@/lib/api/json";
import { toActionError } from "./action-errors";
import { permissionExplanation } from "./authorize";
import { can, type Permission } from "./permissions";
import { loadSessionUser } from "./session";
import type { ActionContext } from "./authed-action";

const STATUS: Record<ActionError["kind"], number> = {
  unauthenticated: 401,
  forbidden: 403,
  validation: 422,
  conflict: 409,
  not_found: 404,
  platform: 502,
  rate_limited: 429,
  server: 500,
};

function json(status: number, body: unknown): Response {
  return new Response(stringifyJson(body), {
    status,
    headers: { "content-type": "application/json; charset=utf-8", "cache-control": "no-store" },
  });
}

/**
 * The route-handler twin of authedAction, for GET endpoints that the browser's
 * react-query calls: same user re-read, same permission table; the query string
 * is parsed with the schema. Errors are `{error: ActionError}` with a status.
 */
export function authedRoute<S extends z.ZodType, T>(
  permission: Permission,
  schema: S,
  fn: (input: z.output<S>, context: ActionContext, request: Request) => Promise<T>,
): (request: Request) => Promise<Response> {
  return async (request) => {
    const t = await getTranslator();
    const fail = (error: ActionError) => json(STATUS[error.kind], { error });
    try {
      const user = await loadSessionUser();
      if (!user) return fail({ kind: "unauthenticated", message: t("auth.unauthenticated"), fieldErrors: {} });
      if (!can(user.role, permission)) {
        return fail({ kind: "forbidden", code: "forbidden", message: permissionExplanation(permission, user.role, t), fieldErrors: {} });
      }
      const query = Object.fromEntries(new URL(request.url).searchParams);
      const parsed = schema.safeParse(query);
      if (!parsed.success) return fail({ kind: "validation", message: t("form.fix_errors"), fieldErrors: issuesToFieldErrors(parsed.error.issues, t) });
      return json(200, await fn(parsed.data, { db: await getDb(), user, t }, request));
    } catch (error) {
      return fail(toActionError(error, t));
    }
  };
}
