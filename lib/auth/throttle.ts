import { sql } from "drizzle-orm";
import { queryRows, type Db } from "@/lib/db/client";
import { config } from "@/lib/config.mjs";

/**
 * Failed sign-ins are counted in the database per account (the email typed,
 * whether or not it exists) and per client address. Past the limit within the
 * window, the scope is locked; every further failure doubles the lock, up to a cap.
 */
export interface ThrottlePolicy {
  maxFailures: number;
  windowSeconds: number;
  lockSeconds: number;
  maxLockSeconds: number;
}

export function accountPolicy(): ThrottlePolicy {
  return {
    maxFailures: config().dashboard.signIn.maxFailures,
    windowSeconds: 15 * 60,
    lockSeconds: config().dashboard.signIn.lockSeconds,
    maxLockSeconds: 15 * 60,
  };
}

export function addressPolicy(): ThrottlePolicy {
  return {
    maxFailures: config().dashboard.signIn.maxFailuresPerAddress,
    windowSeconds: 15 * 60,
    lockSeconds: 5 * 60,
    maxLockSeconds: 60 * 60,
  };
}

export const accountScope = (email: string): string => `account:${email.trim().toLowerCase()}`;
export const addressScope = (address: string): string => `ip:${address}`;

/** Seconds until the longest lock among the scopes ends; 0 when none is locked. */
export async function lockedForSeconds(db: Db, scopes: string[], now?: Date): Promise<number> {
  const [row] = await queryRows<{ seconds: number | string | null }>(
    db,
    sql`SELECT ceil(extract(epoch FROM max(locked_until) - COALESCE(${now?.toISOString() ?? null}::timestamptz, clock_timestamp())))::int AS seconds
        FROM dashboard.sign_in_throttles
        WHERE scope = ANY(${sql.param(scopes)}::text[])
          AND locked_until > COALESCE(${now?.toISOString() ?? null}::timestamptz, clock_timestamp())`,
  );
  return Math.max(0, Number(row?.seconds ?? 0));
}

/** Counts one failure in the scope (one statement, safe under concurrency); returns the lock in seconds it now has (0: none). */
export async function recordFailure(db: Db, scope: string, policy: ThrottlePolicy, now?: Date): Promise<number> {
  const at = sql`COALESCE(${now?.toISOString() ?? null}::timestamptz, clock_timestamp())`;
  const [row] = await queryRows<{ seconds: number | string | null }>(
    db,
    sql`
      WITH upsert AS (
        INSERT INTO dashboard.sign_in_throttles AS t (scope, failures, window_started_at, locked_until, updated_at)
        VALUES (${scope}, 1, ${at}, CASE WHEN 1 >= ${policy.maxFailures}::int THEN ${at} + make_interval(secs => ${policy.lockSeconds}::int) END, ${at})
        ON CONFLICT (scope) DO UPDATE SET
          failures = CASE WHEN t.window_started_at < ${at} - make_interval(secs => ${policy.windowSeconds}::int)
                          AND (t.locked_until IS NULL OR t.locked_until < ${at}) THEN 1 ELSE t.failures + 1 END,
          window_started_at = CASE WHEN t.window_started_at < ${at} - make_interval(secs => ${policy.windowSeconds}::int)
                          AND (t.locked_until IS NULL OR t.locked_until < ${at}) THEN ${at} ELSE t.window_started_at END,
          locked_until = CASE
            WHEN (CASE WHEN t.window_started_at < ${at} - make_interval(secs => ${policy.windowSeconds}::int)
                       AND (t.locked_until IS NULL OR t.locked_until < ${at}) THEN 1 ELSE t.failures + 1 END) >= ${policy.maxFailures}::int
            THEN ${at} + make_interval(secs => LEAST(${policy.maxLockSeconds}::int,
                   ${policy.lockSeconds}::int * power(2, LEAST(16, GREATEST(0, t.failures + 1 - ${policy.maxFailures}::int)))::int))
            ELSE t.locked_until END,
          updated_at = ${at}
        RETURNING locked_until
      )
      SELECT ceil(extract(epoch FROM locked_until - ${at}))::int AS seconds FROM upsert`,
  );
  return Math.max(0, Number(row?.seconds ?? 0));
}

/** A successful sign-in forgets the account's failures (never the address's). */
export async function clearFailures(db: Db, scope: string): Promise<void> {
  await db.execute(sql`DELETE FROM dashboard.sign_in_throttles WHERE scope = ${scope}`);
}
