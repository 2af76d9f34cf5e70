import type { Database } from "./client";

export type HealthAnswer = { status: 200; body: { status: "ok" } } | { status: 503; body: { status: "unavailable"; reason?: string } };

/**
 * GET /api/health: `200 {"status":"ok"}` exactly while the database can serve
 * (the operator interface's contract), else 503 with the reason the engine
 * reported (disk_full, engine_failed) — read from the engine's state, not from
 * a query, so that it answers at once even while a long statement runs.
 */
export function healthOf(database: Database): HealthAnswer {
  const state = database.status();
  if (state.status === "ok") return { status: 200, body: { status: "ok" } };
  return { status: 503, body: { status: "unavailable", reason: state.reason } };
}
