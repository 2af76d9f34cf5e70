import "server-only";
import type { z } from "zod";
import { getDb } from "@/lib/db/client";
import { getTranslator } from "@/lib/i18n/server";
import { issuesToFieldErrors } from "@/lib/core/actions/zod-messages";
import type { ServerActionError, ServerActionErrorKind } from "@/lib/core/actions/result";
import { stringifyJson } from "@/lib/api/json";
import { toActionError } from "./action-errors";
import { permissionExplanation } from "./authorize";
import { can, type Permission } from "./permissions";
import { loadSessionUser } from "./session";
import type { ActionContext } from "./authed-action";

const STATUS: Record<ServerActionErrorKind, number> = {
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

/** A refusal in the shape of every dashboard route handler: `{error: ActionError}` with the kind's status. */
export function errorResponse(error: ServerActionError): Response {
  return json(STATUS[error.kind], { error });
}

/** What Next hands a route handler besides the request: the dynamic segments of its path. */
export interface RouteSegments<P> {
  params: Promise<P>;
}

/**
 * The route-handler twin of authedAction, for every dashboard route handler
 * (react-query's GET endpoints and the streamed downloads alike): same user
 * re-read, same permission table; the query string is parsed with the schema.
 * The handler returns data (answered as JSON) or a Response of its own (a
 * stream, a file). It gets the path's segments (`params`) as the fourth
 * argument. Errors are `{error: ActionError}` with a status.
 */
export function authedRoute<S extends z.ZodType, T, P = Record<string, string>>(
  permission: Permission,
  schema: S,
  fn: (input: z.output<S>, context: ActionContext, request: Request, params: P) => Promise<T | Response>,
): (request: Request, segments: RouteSegments<P>) => Promise<Response> {
  return async (request, segments) => {
    const t = await getTranslator();
    const fail = errorResponse;
    try {
      const user = await loadSessionUser();
      if (!user) return fail({ kind: "unauthenticated", message: t("auth.unauthenticated"), fieldErrors: {} });
      if (user.twoFactorPending) {
        return fail({ kind: "forbidden", code: "two_factor.required_first", message: t("two_factor.required_first"), fieldErrors: {} });
      }
      if (!can(user.role, permission)) {
        return fail({ kind: "forbidden", code: "forbidden", message: permissionExplanation(permission, user.role, t), fieldErrors: {} });
      }
      const query = Object.fromEntries(new URL(request.url).searchParams);
      const parsed = schema.safeParse(query);
      if (!parsed.success) return fail({ kind: "validation", message: t("form.fix_errors"), fieldErrors: issuesToFieldErrors(parsed.error.issues, t) });
      const result = await fn(parsed.data, { db: await getDb(), user, t }, request, ((await segments?.params) ?? {}) as P);
      return result instanceof Response ? result : json(200, result);
    } catch (error) {
      return fail(toActionError(error, t));
    }
  };
}
