import { randomUUID } from "node:crypto";
import type { Db } from "@/lib/db/client";
import { databaseOutageOf, type OutageReason } from "@/lib/db/failure";
import { PlatformError, ValidationError } from "./errors";
import { negotiateLanguage, translator, type Translate } from "./i18n";
import { jsonResponse } from "./json";
import { apiRateLimitRefusals, apiRequestDuration, apiRequests } from "./metrics";
import { findMethod } from "./registry";
import { readParams } from "./request-params";
import { authenticate, extractApiKey, pruneRateLimitCounters, rateLimitState } from "./access";
import { parseParams } from "./validation";
import type { Verb } from "./method";
import { config } from "@/lib/core/config.mjs";
import { log } from "@/lib/core/log.mjs";

export interface GatewayOptions {
  /** Requests per minute per key holder; PLATFORM_RATE_LIMIT, default 120. */
  rateLimit?: number;
}

function rateLimitFromEnv(): number {
  return config().platform.rateLimit;
}

/** Laravel's expectsJson(): an Accept asking for JSON, or an XHR that accepts anything. */
function wantsJson(request: Request): boolean {
  const accept = (request.headers.get("accept") ?? "").toLowerCase();
  const first = accept.split(",")[0] ?? "";
  if (first.includes("/json") || first.includes("+json")) return true;
  const ajax = request.headers.get("x-requested-with") === "XMLHttpRequest";
  return ajax && (accept === "" || accept.includes("*/*"));
}

/** The database, or how to get it: a route passes its opener, so that a database that cannot be opened is answered 503 too. */
export type DatabaseSource = Db | (() => Promise<Db>);

/** Seconds a client should wait before retrying, by why the database cannot serve. */
const RETRY_AFTER_SECONDS: Record<OutageReason, number> = { disk_full: 10, engine_failed: 10, unreachable: 5 };

/**
 * Answers one call of /api/v1/<methodName>, in Laravel's order: route (404,
 * 405), body, authentication (401, 403 blocked, 402), rate limit (429),
 * sunset (410), validation (422 or a redirect), then the method. The database
 * is first needed for authentication: what comes before it is answered without one.
 */
export async function handleApiRequest(source: DatabaseSource, request: Request, methodName: string, options: GatewayOptions = {}): Promise<Response> {
  const started = performance.now();
  const requestId = request.headers.get("x-request-id")?.slice(0, 64) || randomUUID();
  const lang = negotiateLanguage(request.headers.get("accept-language"));
  const t = translator(lang);
  const headers: Record<string, string> = { "x-request-id": requestId };
  let holderId: number | undefined;
  const method = findMethod(methodName);
  let response: Response;
  try {
    response = await dispatch();
  } catch (error) {
    response = errorResponse(error, request, t, requestId, headers);
  }
  // A method of the registry by its name, anything else as "unknown": the label's values stay bounded.
  const metricMethod = method ? methodName : "unknown";
  apiRequests.inc({ method: metricMethod, status: String(response.status) });
  apiRequestDuration.observe({ method: metricMethod }, (performance.now() - started) / 1000);
  if (config().platform.logRequests)
    log.info("request", {
      request_id: requestId,
      method: request.method,
      api_method: methodName,
      status: response.status,
      duration_ms: Math.round((performance.now() - started) * 10) / 10,
      key_holder_id: holderId ?? null,
    });
  return response;

  async function dispatch(): Promise<Response> {
    if (!method) {
      const text = t("gateway.unknown_method", { method: methodName });
      return jsonResponse(404, { message: text, error: text }, headers);
    }
    const verb = request.method.toUpperCase();
    if (!method.verbs.includes(verb as Verb)) {
      const allowed = method.verbs.join(", ");
      const text = t("gateway.verb_not_allowed", { verb, method: methodName, allowed });
      return jsonResponse(405, { message: text, error: text }, { ...headers, allow: allowed });
    }
    const raw = await readParams(request, t);
    const apiKey = extractApiKey(request, raw);
    delete raw.api_token;

    const db = typeof source === "function" ? await source() : source;
    const access = await authenticate(db, apiKey, methodName);
    if (access.deprecation) {
      headers["deprecation"] = "true";
      headers["sunset"] = access.deprecation.sunset.toUTCString();
      if (access.deprecation.replacement) headers["link"] = `<${access.deprecation.replacement}>; rel="successor-version"`;
    }
    if (!access.holder) return jsonResponse(401, { error: t("gateway.unauthorized") }, headers);
    holderId = access.holder.id;
    if (access.holder.blocked) return jsonResponse(403, { error: t("gateway.blocked") }, headers);
    if (access.holder.plan !== "pro") return jsonResponse(402, { error: t("gateway.pro_required"), code: "pro_required" }, headers);

    const limit = options.rateLimit ?? rateLimitFromEnv();
    const counter = rateLimitState(access, limit);
    if (Math.random() < 0.01) void pruneRateLimitCounters(db).catch(() => undefined);
    headers["x-ratelimit-limit"] = String(limit);
    headers["x-ratelimit-remaining"] = String(counter.remaining);
    // On every counted answer (an extension; Laravel sends it only with a 429), with the Date of the same clock, so
    // that a client can pace itself to the window exactly instead of guessing where it ends.
    headers["x-ratelimit-reset"] = String(counter.resetAt);
    headers["date"] = access.now.toUTCString();
    if (counter.exceeded) {
      apiRateLimitRefusals.inc({ method: methodName });
      headers["retry-after"] = String(counter.retryAfter);
      return jsonResponse(429, { message: t("gateway.too_many") }, headers);
    }

    if (access.deprecation && access.deprecation.sunset.getTime() <= access.now.getTime()) {
      const text = t("gateway.method_removed", { method: methodName, sunset: access.deprecation.sunset.toISOString() });
      return jsonResponse(410, { error: text, code: "method_removed" }, headers);
    }

    const params = parseParams(method.params, raw, t);
    const url = new URL(request.url);
    const result = await method.handle({ db, holder: access.holder, lang, t, requestId, path: `${url.origin}${url.pathname}` }, params);
    if (result.body === undefined) return new Response(null, { status: result.status, headers });
    return jsonResponse(result.status, result.body, headers);
  }
}

function errorResponse(error: unknown, request: Request, t: Translate, requestId: string, headers: Record<string, string>): Response {
  if (error instanceof ValidationError && !wantsJson(request)) {
    // Without Accept: application/json, Laravel answers a failed validation with a redirect back.
    const location = request.headers.get("referer") || "/";
    return new Response(null, { status: 302, headers: { ...headers, location } });
  }
  if (error instanceof PlatformError) {
    if (error.status < 500) return jsonResponse(error.status, error.body, { ...headers, ...error.headers });
    // A fault of this server (a setting it lacks), not of the request: logged, and quoted by its request id like every 5xx.
    log.error("server fault answered", { request_id: requestId, status: error.status, error });
    return jsonResponse(error.status, { ...error.body, request_id: requestId }, { ...headers, ...error.headers });
  }
  const outage = databaseOutageOf(error);
  if (outage) {
    // A full disk, a failed engine, a server that cannot be reached: nothing was changed (the statement failed whole,
    // or never ran), and it is worth retrying later.
    log.error("database unavailable", { request_id: requestId, reason: outage, error });
    const text = t(`gateway.database_${outage}`);
    return jsonResponse(503, { message: text, error: text, request_id: requestId }, { ...headers, "retry-after": String(RETRY_AFTER_SECONDS[outage]) });
  }
  log.error("unhandled error in API method", { request_id: requestId, error });
  return jsonResponse(500, { error: t("gateway.server_error"), request_id: requestId }, headers);
}
