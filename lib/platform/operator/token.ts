import { createHash, timingSafeEqual } from "node:crypto";
import { sql } from "drizzle-orm";
import { queryRows, type Db } from "@/lib/db/client";
import { addressKey, clientAddress } from "@/lib/core/http/client-address";
import { jsonResponse } from "../json";
import { config } from "@/lib/core/config.mjs";

export type OperatorCheck = { ok: true; db: Db } | { ok: false; response: Response };

/** Wrong tokens an address may send a minute; past them it waits for the next minute, and nothing is compared. */
export const OPERATOR_FAILURES_PER_MINUTE = 10;
const WINDOW_SECONDS = 60;

/**
 * The operator routes exist only when PLATFORM_OPERATOR_TOKEN is set (404 otherwise), and compare the bearer token in
 * constant time (hashes of equal length). Each request first reserves one attempt in its address's count for this
 * minute (one statement, in the counters the API's rate limit uses, so every instance shares them): past
 * OPERATOR_FAILURES_PER_MINUTE the answer is 429 with Retry-After and the token is not looked at; a right token gives
 * its attempt back, so only failures stay counted.
 */
export async function checkOperatorToken(
  request: Request,
  getDb: () => Promise<Db>,
  token = config().platform.operatorToken,
  /** The clock (tests: a fixed minute); the database's by default. */
  now?: Date,
): Promise<OperatorCheck> {
  if (!token) return { ok: false, response: jsonResponse(404, { message: "Not Found", error: "Not Found" }) };
  const db = await getDb();
  const clock = sql`extract(epoch FROM COALESCE(${now?.toISOString() ?? null}::timestamptz, clock_timestamp()))`;
  // Counted per address (an IPv6 client per /64: it may pick any address in it).
  const bucket = `operator-failures:${addressKey(clientAddress(Object.fromEntries(request.headers.entries())))}`;
  const [reserved] = await queryRows<{ hits: number; window_start: string; retry_after: number }>(
    db,
    sql`INSERT INTO platform.rate_limit_counters (bucket, window_start, hits)
        VALUES (${bucket}, floor(${clock} / ${WINDOW_SECONDS})::bigint * ${WINDOW_SECONDS}, 1)
        ON CONFLICT (bucket, window_start) DO UPDATE SET hits = platform.rate_limit_counters.hits + 1
        RETURNING hits, window_start::text, greatest(1, ceil(window_start + ${WINDOW_SECONDS} - ${clock}))::int AS retry_after`,
  );
  if (reserved.hits > OPERATOR_FAILURES_PER_MINUTE) {
    return { ok: false, response: jsonResponse(429, { message: "Too Many Attempts." }, { "retry-after": String(reserved.retry_after) }) };
  }
  const header = request.headers.get("authorization") ?? "";
  const given = header.match(/^Bearer\s+(.+)$/i)?.[1]?.trim() ?? "";
  const digest = (value: string) => createHash("sha256").update(value, "utf8").digest();
  if (!given || !timingSafeEqual(digest(given), digest(token))) {
    return { ok: false, response: jsonResponse(401, { error: "unauthorized" }) };
  }
  await db.execute(
    sql`UPDATE platform.rate_limit_counters SET hits = hits - 1
        WHERE bucket = ${bucket} AND window_start = ${reserved.window_start}::bigint AND hits > 0`,
  );
  return { ok: true, db };
}
