import { createHash } from "node:crypto";
import { sql } from "drizzle-orm";
import { queryRowsPrepared, type Db } from "@/lib/db/client";
import type { KeyHolder } from "./method";
import type { Params } from "./request-params";
import { COMMIT_WITHOUT_DISK_WAIT } from "@/lib/db/commit-mode";

export function hashApiKey(key: string): string {
  return createHash("sha256").update(key, "utf8").digest("hex");
}

/** `Authorization: Bearer <key>` first; else `api_token` from the query or the body. */
export function extractApiKey(request: Request, params: Params): string | null {
  const header = request.headers.get("authorization");
  const match = header?.match(/^Bearer\s+(.+)$/i);
  if (match) return match[1].trim();
  const token = params.api_token;
  return typeof token === "string" && token !== "" ? token : null;
}

export interface Access {
  holder: (KeyHolder & { blocked: boolean }) | null;
  deprecation: { sunset: Date; replacement: string | null } | null;
  /** Database time, shared by every instance. */
  now: Date;
  /** Hits in the current window, counted only for an active Pro holder. */
  hits: number | null;
  windowStart: number | null;
}

const WINDOW_SECONDS = 60;

/**
 * One round trip per request: looks the key up by its hash (never cached, so a
 * regenerated key stops working at once on every instance), counts the request
 * in the holder's fixed one-minute window, and reads the method's deprecation.
 * The counter lives in the database, so every instance shares it.
 *
 * The count is the statement's only write, and its commit does not wait for the WAL
 * to reach the disk (synchronous_commit off for this transaction only): a crash can
 * lose the last few hits of a window, which only lets a holder a few more requests,
 * while waiting for the disk cost every request milliseconds on a busy one.
 */
export async function authenticate(db: Db, apiKey: string | null, methodName: string): Promise<Access> {
  const hash = apiKey ? hashApiKey(apiKey) : null;
  const [row] = await queryRowsPrepared<{
    id: string | number | null;
    email: string | null;
    name: string | null;
    plan: string | null;
    blocked: boolean | null;
    hits: number | null;
    window_start: string | number | null;
    sunset: Date | string | null;
    replacement: string | null;
    now: Date | string;
  }>(
    db,
    sql`
      WITH holder AS (
        SELECT id, email, name, plan, blocked FROM platform.key_holders
        WHERE ${hash}::text IS NOT NULL AND api_key_hash = ${hash}::text
      ),
      hit AS (
        INSERT INTO platform.rate_limit_counters (bucket, window_start, hits)
        SELECT 'holder:' || holder.id,
               floor(extract(epoch FROM clock_timestamp()) / ${WINDOW_SECONDS})::bigint * ${WINDOW_SECONDS},
               1
        FROM holder WHERE NOT holder.blocked AND holder.plan = 'pro'
        ON CONFLICT (bucket, window_start)
        DO UPDATE SET hits = platform.rate_limit_counters.hits + 1
        RETURNING hits, window_start
      )
      SELECT holder.id, holder.email, holder.name, holder.plan, holder.blocked,
             hit.hits, hit.window_start,
             d.sunset, d.replacement, clock_timestamp() AS now,
             ${COMMIT_WITHOUT_DISK_WAIT}
      FROM (SELECT 1) AS one
      LEFT JOIN holder ON true
      LEFT JOIN hit ON true
      LEFT JOIN platform.deprecations d ON d.method = ${methodName}
    `,
  );
  const now = new Date(row.now);
  return {
    holder:
      row.id === null ? null : { id: Number(row.id), email: row.email ?? "", name: row.name ?? "", plan: row.plan ?? "free", blocked: Boolean(row.blocked) },
    deprecation: row.sunset === null ? null : { sunset: new Date(row.sunset), replacement: row.replacement },
    now,
    hits: row.hits === null ? null : Number(row.hits),
    windowStart: row.window_start === null ? null : Number(row.window_start),
  };
}

export interface RateLimitState {
  exceeded: boolean;
  remaining: number;
  /** Seconds until the window resets (Retry-After). */
  retryAfter: number;
  /** Unix time of the reset (X-RateLimit-Reset). */
  resetAt: number;
}

export function rateLimitState(access: Access, limit: number): RateLimitState {
  const hits = access.hits ?? 0;
  const resetAt = (access.windowStart ?? Math.floor(access.now.getTime() / 1000)) + WINDOW_SECONDS;
  const retryAfter = Math.max(1, Math.ceil(resetAt - access.now.getTime() / 1000));
  return { exceeded: hits > limit, remaining: Math.max(0, limit - hits), retryAfter, resetAt };
}

/** Drops windows that ended more than a minute ago; cheap, called now and then. */
export async function pruneRateLimitCounters(db: Db): Promise<void> {
  await db.execute(
    sql`DELETE FROM platform.rate_limit_counters WHERE window_start < floor(extract(epoch FROM clock_timestamp()))::bigint - ${WINDOW_SECONDS * 2}`,
  );
}
