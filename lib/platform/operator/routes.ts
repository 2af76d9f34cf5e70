import { randomUUID } from "node:crypto";
import { log } from "@/lib/core/log.mjs";
import type { Db } from "@/lib/db/client";
import { databaseOutageOf, type OutageReason } from "@/lib/db/failure";
import { PlatformError } from "../errors";
import { jsonResponse } from "../json";
import { applyFixtures } from "./fixtures";
import { inspectContact } from "./inspect";
import { checkOperatorToken } from "./token";

/** Operator fixtures can be large (thousands of contacts): a higher cap than the API's. */
const MAX_FIXTURE_BYTES = 64 * 1024 * 1024;

const OUTAGE_TEXT: Record<OutageReason, string> = {
  disk_full: "The database cannot serve right now: its disk is full. Nothing was changed; try again later.",
  engine_failed: "The database is restarting. Nothing was changed; try again in a few seconds.",
  unreachable: "The database cannot be reached right now. Nothing was changed; try again in a few seconds.",
};

function failure(error: unknown): Response {
  if (error instanceof PlatformError) return jsonResponse(error.status, error.body);
  const requestId = randomUUID();
  const outage = databaseOutageOf(error);
  if (outage) {
    log.error("database unavailable", { request_id: requestId, reason: outage, error });
    const text = OUTAGE_TEXT[outage];
    return jsonResponse(503, { message: text, error: text, request_id: requestId }, { "retry-after": outage === "unreachable" ? "5" : "10" });
  }
  log.error("operator route failed", { request_id: requestId, error });
  return jsonResponse(500, { error: "Server Error", request_id: requestId });
}

/**
 * An operator route: the operator token is checked first (refusals answer as the token check says), then `handle`
 * runs with the database; anything either throws answers as `failure` does (a platform error's own answer, a 503 while
 * the database is out, else a 500 with a request id).
 */
function operatorRoute(handle: (request: Request, db: Db) => Promise<Response>) {
  return async (request: Request, getDb: () => Promise<Db>, token?: string): Promise<Response> => {
    try {
      const check = await checkOperatorToken(request, getDb, token);
      if (!check.ok) return check.response;
      return await handle(request, check.db);
    } catch (error) {
      return failure(error);
    }
  };
}

export const handleFixturesRequest = operatorRoute(async (request, db) => {
  if (Number(request.headers.get("content-length") ?? "0") > MAX_FIXTURE_BYTES) {
    return jsonResponse(413, { message: "The fixture document is too large." });
  }
  let body: unknown;
  try {
    body = await request.json();
  } catch {
    return jsonResponse(422, { message: "The body is not valid JSON.", errors: { body: ["The body is not valid JSON."] } });
  }
  return jsonResponse(200, { applied: await applyFixtures(db, body) });
});

export const handleInspectRequest = operatorRoute(async (request, db) => {
  const raw = new URL(request.url).searchParams.get("contact_id") ?? "";
  if (!/^\d+$/.test(raw)) {
    return jsonResponse(422, { message: "The contact id field must be an integer.", errors: { contact_id: ["The contact id field must be an integer."] } });
  }
  const result = await inspectContact(db, Number(raw));
  if (!result) return jsonResponse(404, { message: "Contact not found.", error: "Contact not found." });
  return jsonResponse(200, result);
});
