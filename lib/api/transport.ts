import "server-only";
import type { z } from "zod";
import { request } from "undici";
import { log } from "@/lib/core/log.mjs";
import { recordResponse, reserveRequest } from "./budget";
import { agentFor } from "./agents";
import { breakerFor, countsAsFailure } from "./breaker";
import type { PlatformClient } from "./client";
import { PlatformApiError, type Extension } from "./errors";
import { parseJsonKeepingMoney, stringifyJson, type JsonParseOptions } from "./json";
import { budgetWaitDuration, budgetWaits, platformCallDuration, platformCalls } from "./metrics";
import { ErrorBodySchema } from "./schemas";

export type Params = Record<string, unknown>;

interface RawAnswer {
  status: number;
  headers: Headers;
  text: string;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function headerInt(headers: Headers, name: string): number | null {
  const value = headers.get(name);
  if (value === null || !/^\s*\d+\s*$/.test(value)) return null;
  return Number(value);
}

/** Logged once per call that the budget held back, so that what the budget costs people can be measured (npm run bench:calls). */
function logBudgetWait(client: PlatformClient, method: string, waitMs: number, reason: string): void {
  budgetWaits.inc({ lane: client.lane, reason });
  budgetWaitDuration.observe({ lane: client.lane }, waitMs / 1000);
  log.info("platform budget wait", { method, wait_ms: waitMs, reason, lane: client.lane, request_id: client.requestId ?? null });
}

/** Waits (within the client's limit) until the budget lets this lane send; the grant's number goes back with the answer. */
async function waitForBudget(client: PlatformClient, method: string, started: number): Promise<number> {
  const waitStarted = Date.now();
  let heldFor: string | null = null;
  for (;;) {
    const decision = await reserveRequest(client.db, client.keyHash, client.lane);
    if (decision.granted) {
      // Only a call the budget held back is logged (asking the budget is part of every call's time).
      if (heldFor) logBudgetWait(client, method, Date.now() - waitStarted, heldFor);
      return decision.seq;
    }
    const reason = decision.reason ?? "rate_limit";
    heldFor ??= reason;
    const waitMs = decision.waitMs;
    // Waiting for a probe's answer is waiting for the platform, bounded by the probe's own timeout.
    if (reason !== "probe" && Date.now() - started + waitMs > client.maxWaitMs) {
      throw new PlatformApiError({
        status: 429,
        code: "rate_limited",
        message: "The platform's rate limit is reached.",
        retryAfter: Math.ceil(waitMs / 1000),
        method,
      });
    }
    if (reason !== "probe" && waitMs >= 1000) await client.onWait?.({ reason, seconds: Math.ceil(waitMs / 1000) });
    await sleep(waitMs);
  }
}

/**
 * The window's end as the platform states it: X-RateLimit-Reset (Unix seconds)
 * and how far ahead that is by the platform's own clock (its Date header, whole
 * seconds, so the distance is never underestimated), or by ours without one.
 */
function windowOf(headers: Headers): { reset: number | null; resetInMs: number | null } {
  const reset = headerInt(headers, "x-ratelimit-reset");
  if (reset === null) return { reset: null, resetInMs: null };
  const date = Date.parse(headers.get("date") ?? "");
  const platformNow = Number.isFinite(date) ? date : Date.now();
  return { reset, resetInMs: reset * 1000 - platformNow };
}

/** The error of a call refused before it was sent: the breaker is open, or another call of the page got no answer. */
function unavailable(client: PlatformClient, method: string, retryInMs: number): PlatformApiError {
  return new PlatformApiError({
    status: 0,
    code: "platform_unavailable",
    message: `The platform at ${client.baseUrl} is not answering; ${method} was not sent.`,
    retryAfter: Math.max(1, Math.ceil(retryInMs / 1000)),
    method,
  });
}

/** One HTTP exchange within the client's timeouts; a TimeoutError or a network error when no whole answer came. */
async function exchange(client: PlatformClient, url: string, body: string): Promise<RawAnswer> {
  const { connectMs, firstByteMs, answerMs } = client.timeouts;
  const answered = await request(url, {
    method: "POST",
    dispatcher: agentFor(connectMs, firstByteMs),
    headers: {
      authorization: client.authorizationHeader(),
      accept: "application/json",
      "content-type": "application/json",
      "accept-language": client.lang,
      ...(client.requestId ? { "x-request-id": client.requestId } : {}),
    },
    body,
    // The whole answer, a body that drips included.
    signal: AbortSignal.timeout(answerMs),
  });
  const text = await answered.body.text();
  const headers = new Headers();
  for (const [name, value] of Object.entries(answered.headers)) {
    if (value === undefined) continue;
    for (const item of Array.isArray(value) ? value : [value]) headers.append(name, item);
  }
  return { status: answered.statusCode, headers, text };
}

/** Whether an exchange's error means the time ran out (connect, first byte, whole answer) rather than the connection failing. */
function isTimeout(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  if (error.name === "TimeoutError") return true;
  const code = (error as { code?: unknown }).code;
  if (code === "UND_ERR_CONNECT_TIMEOUT" || code === "UND_ERR_HEADERS_TIMEOUT" || code === "UND_ERR_BODY_TIMEOUT") return true;
  // undici rejects an aborted request with the signal's reason, or wraps it.
  return error.cause instanceof Error && error.cause.name === "TimeoutError";
}

/**
 * One platform call: POST JSON to {base}/api/v1/<method> with the key in the
 * Authorization header, paced by the shared budget and guarded by the platform's
 * breaker. A 429 (which the budget exists to prevent, but another user of the
 * key may cause) is waited out (Retry-After) and sent again; only a wait longer
 * than the client allows becomes an error. A call that got no answer is never
 * sent again here: the caller knows whether that is safe.
 */
async function send(client: PlatformClient, method: string, params: Params): Promise<RawAnswer> {
  const started = performance.now();
  let outcome = "error";
  try {
    const answer = await sendPaced(client, method, params);
    outcome = String(answer.status);
    return answer;
  } catch (error) {
    if (error instanceof PlatformApiError && error.code) outcome = error.code;
    throw error;
  } finally {
    platformCalls.inc({ method, outcome });
    platformCallDuration.observe({ method }, (performance.now() - started) / 1000);
  }
}

/** send's work: the budget, the breaker, the exchange, a 429 waited out. */
async function sendPaced(client: PlatformClient, method: string, params: Params): Promise<RawAnswer> {
  const started = Date.now();
  const url = `${client.baseUrl}/api/v1/${encodeURIComponent(method)}`;
  const body = stringifyJson(params);
  const breaker = breakerFor(client.baseUrl, client.keyHash);
  for (;;) {
    // Another call of this page got no answer: this one would wait out its timeout in turn.
    if (client.scope && client.scope.noAnswerSince !== null) throw unavailable(client, method, 1000);
    // The breaker is open: refused at once, before asking the budget.
    const refusedFor = breaker.refusal();
    if (refusedFor !== null) throw unavailable(client, method, refusedFor);
    const seq = await waitForBudget(client, method, started);
    // Asked again once the budget lets it go (a wait may have ended the cool-down, or another call became the probe).
    const admission = breaker.admit();
    if (!admission.admitted) {
      await recordResponse(client.db, client.keyHash, { seq, status: 0 });
      throw unavailable(client, method, admission.retryInMs);
    }
    let answer: RawAnswer;
    try {
      answer = await exchange(client, url, body);
    } catch (error) {
      // No answer: the grant is handed back uncounted at once (the next answer corrects the count if it was counted).
      const timedOut = isTimeout(error);
      const code = timedOut ? "timeout" : "network_error";
      breaker.failed(admission.probe, code);
      if (client.scope) client.scope.noAnswerSince ??= Date.now();
      await recordResponse(client.db, client.keyHash, { seq, status: 0 });
      throw new PlatformApiError({
        status: 0,
        code,
        message: timedOut ? `The platform did not answer ${method} in time.` : `The platform could not be reached at ${client.baseUrl}.`,
        method,
      });
    }
    if (countsAsFailure(answer.status)) breaker.failed(admission.probe, "server_error");
    else breaker.succeeded(admission.probe);
    const { headers, status } = answer;
    const retryAfter = headerInt(headers, "retry-after");
    await recordResponse(client.db, client.keyHash, {
      seq,
      status,
      limit: headerInt(headers, "x-ratelimit-limit"),
      remaining: headerInt(headers, "x-ratelimit-remaining"),
      retryAfter,
      ...windowOf(headers),
    });
    if (status === 429) {
      const waitMs = Math.max(1, retryAfter ?? 1) * 1000;
      if (Date.now() - started + waitMs <= client.maxWaitMs) {
        await client.onWait?.({ reason: "rate_limit", seconds: Math.ceil(waitMs / 1000) });
        // The budget now holds the pause; waitForBudget sleeps until it ends.
        continue;
      }
    }
    return answer;
  }
}

function errorFrom(client: PlatformClient, method: string, answer: RawAnswer): PlatformApiError {
  let parsed: z.output<typeof ErrorBodySchema> = {};
  try {
    const result = ErrorBodySchema.safeParse(JSON.parse(answer.text));
    if (result.success) parsed = result.data;
  } catch {
    /* not JSON (a proxy's HTML page): the status speaks */
  }
  const message = parsed.message ?? parsed.error ?? `The platform answered ${answer.status} to ${method}.`;
  const fieldErrors = Object.fromEntries(Object.entries(parsed.errors ?? {}).map(([field, texts]) => [field, texts.map((text) => client.redact(text))]));
  return new PlatformApiError({
    status: answer.status,
    code: parsed.code ?? null,
    fieldErrors,
    message: client.redact(message),
    retryAfter: headerInt(answer.headers, "retry-after"),
    method,
  });
}

function parseBody<S extends z.ZodType>(client: PlatformClient, method: string, answer: RawAnswer, schema: S, reading?: JsonParseOptions): z.output<S> {
  let json: unknown;
  try {
    json = parseJsonKeepingMoney(answer.text, reading);
  } catch {
    throw new PlatformApiError({ status: answer.status, code: "bad_response", message: `The platform's answer to ${method} is not JSON.`, method });
  }
  const result = schema.safeParse(json);
  if (!result.success) {
    const where = result.error.issues
      .slice(0, 3)
      .map((issue) => `${issue.path.join(".") || "(root)"}: ${issue.message}`)
      .join("; ");
    throw new PlatformApiError({
      status: answer.status,
      code: "bad_response",
      message: client.redact(`The platform's answer to ${method} has an unexpected shape (${where}).`),
      method,
    });
  }
  return result.data;
}

/**
 * Calls a method and parses a 2xx body with the schema; anything else throws PlatformApiError.
 * `reading` says how the JSON is read (which objects keep their member order).
 */
export async function callMethod<S extends z.ZodType>(
  client: PlatformClient,
  method: string,
  params: Params,
  schema: S,
  reading?: JsonParseOptions,
): Promise<z.output<S>> {
  const answer = await send(client, method, params);
  if (answer.status < 200 || answer.status >= 300) throw errorFrom(client, method, answer);
  return parseBody(client, method, answer, schema, reading);
}

/** For methods that answer 204 (or any 2xx whose body we do not need). */
export async function callMethodWithoutBody(client: PlatformClient, method: string, params: Params): Promise<number> {
  const answer = await send(client, method, params);
  if (answer.status < 200 || answer.status >= 300) throw errorFrom(client, method, answer);
  return answer.status;
}

/** Also returns the status, for methods where 200 and 201 mean different things. */
export async function callMethodWithStatus<S extends z.ZodType>(
  client: PlatformClient,
  method: string,
  params: Params,
  schema: S,
): Promise<{ status: number; body: z.output<S> }> {
  const answer = await send(client, method, params);
  if (answer.status < 200 || answer.status >= 300) throw errorFrom(client, method, answer);
  return { status: answer.status, body: parseBody(client, method, answer, schema) };
}

/** Known-missing extensions per platform, so that a fallback does not probe on every call. */
const missingExtensions = new Map<string, number>();
const MISSING_TTL_MS = 5 * 60_000;

/**
 * Whether the platform has the method at all. Routing answers before
 * authentication and validation, so an empty call of a method that exists never
 * answers 404 (it answers 422, 401, …), while an unknown method always does.
 */
async function hasMethod(client: PlatformClient, method: string): Promise<boolean> {
  const answer = await send(client, method, {});
  return answer.status !== 404;
}

/**
 * Calls one of our extensions. On a platform without it the answer is
 * `{available: false}` so that the caller can fall back; a 404 of a platform
 * that has it (a missing contact) is an error as usual.
 */
export async function callExtension<T>(client: PlatformClient, method: string, run: () => Promise<T>): Promise<Extension<T>> {
  const cacheKey = `${client.baseUrl} ${method}`;
  const missingSince = missingExtensions.get(cacheKey);
  if (missingSince !== undefined && Date.now() - missingSince < MISSING_TTL_MS) return { available: false };
  try {
    return { available: true, data: await run() };
  } catch (error) {
    if (error instanceof PlatformApiError && error.status === 404 && !(await hasMethod(client, method))) {
      missingExtensions.set(cacheKey, Date.now());
      return { available: false };
    }
    throw error;
  }
}
