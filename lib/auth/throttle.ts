import { sql, type SQL } from "drizzle-orm";
import { queryRows, type Db } from "@/lib/db/client";
import { config } from "@/lib/core/config.mjs";
import { addressKey } from "@/lib/core/http/client-address";

/**
 * Sign-in attempts are counted in the database per scope. Which scopes an attempt is counted in depends on where it
 * comes from (OWASP's device cookie, lib/auth/device-token.ts): a browser that holds a valid device token for the typed
 * account is counted per device and per address; any other attempt per account and address (strict), per address and
 * per account for unknown devices (it slows guessing from many addresses, and never touches a known device). A check
 * inside a session (a step-up code, the current password) is counted per session. An attempt is reserved (counted as
 * a failure) before its password is compared, in one statement, so that attempts sent at once cannot all pass a check
 * made before any of them is counted. The reservation that reaches the limit locks the scope; after a lock ends, each
 * further attempt within the window locks it again for twice as long, up to a cap. A lock is forgotten one window
 * after it ends.
 */
export interface ThrottlePolicy {
  maxFailures: number;
  windowSeconds: number;
  lockSeconds: number;
  maxLockSeconds: number;
}

type SignInSettings = ReturnType<typeof config>["dashboard"]["signIn"];

/**
 * Strict: a few failures, then a short lock that doubles with each further failure, up to 15 minutes. For the scopes
 * one guesser cannot share with the member: an account from one address, a known device, a session.
 */
export function accountPolicy(settings: SignInSettings = config().dashboard.signIn): ThrottlePolicy {
  return { maxFailures: settings.maxFailures, windowSeconds: 15 * 60, lockSeconds: settings.lockSeconds, maxLockSeconds: 15 * 60 };
}

/**
 * One account from unknown devices, wherever they are: it slows rather than locks (a quarter of the strict lock, 15 s
 * by default, doubling up to 5 minutes), because anyone can fill it and only a device the member never signed in
 * from waits on it. Guessing from many addresses still gets about one password every few minutes.
 */
export function unknownDevicePolicy(settings: SignInSettings = config().dashboard.signIn): ThrottlePolicy {
  return { maxFailures: settings.maxFailures, windowSeconds: 15 * 60, lockSeconds: Math.max(1, Math.ceil(settings.lockSeconds / 4)), maxLockSeconds: 5 * 60 };
}

/**
 * One address: many failures (an office behind one NAT shares it), then a short lock (1 minute,
 * doubling up to 5), so that one guesser does not shut everyone else out for long.
 */
export function addressPolicy(settings: SignInSettings = config().dashboard.signIn): ThrottlePolicy {
  return { maxFailures: settings.maxFailuresPerAddress, windowSeconds: 15 * 60, lockSeconds: 60, maxLockSeconds: 5 * 60 };
}

const normalizedEmail = (email: string): string => email.trim().toLowerCase();

/** One account, from unknown devices (the email typed, whether or not it exists). */
export const accountScope = (email: string): string => `account:${normalizedEmail(email)}`;
/** One account from one address, for unknown devices. */
export const accountAddressScope = (email: string, address: string): string => `account-ip:${normalizedEmail(email)}|${addressKey(address)}`;
export const addressScope = (address: string): string => `ip:${addressKey(address)}`;
/** A browser that signed in to the account before (the device token's id, lib/auth/device-token.ts). */
export const deviceScope = (tokenId: string): string => `device:${tokenId}`;
/** The checks a signed-in member makes in one session (codes, the current password). */
export const sessionScope = (sessionId: string): string => `session:${sessionId}`;

export interface ScopedPolicy {
  scope: string;
  policy: ThrottlePolicy;
}

export type AttemptReservation =
  /** Counted in every scope: the password may be compared. `lockSeconds`: the lock this attempt started (0: none). */
  | { granted: true; lockSeconds: number; failures: Record<string, number> }
  /** A scope is locked: nothing was counted, the password must not be compared. */
  | { granted: false; retryAfter: number };

export class ThrottleInputError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "ThrottleInputError";
  }
}

const clockAt = (now?: Date): SQL => sql`COALESCE(${now?.toISOString() ?? null}::timestamptz, clock_timestamp())`;

/** The lock (seconds) that `failures` failures start under the policy row `p`: 0 below the limit, doubling past it, capped. */
const lockSecondsFor = (failures: SQL): SQL =>
  sql`CASE WHEN ${failures} >= p.max_failures
        THEN LEAST(p.max_lock_seconds, p.lock_seconds * power(2, LEAST(16, ${failures} - p.max_failures))::int) ELSE 0 END`;

/**
 * Reserves one attempt in every scope at once (one statement): refused, with
 * nothing counted, when any scope is locked; otherwise each scope's count goes
 * up by one (a fresh window when the last one has passed) and the reservation
 * that reaches a scope's limit locks it. The statement first locks the scopes'
 * rows (FOR UPDATE, in scope order: concurrent reservations queue, never
 * deadlock) and decides on what it holds; it counts only when every scope has
 * its row, so a scope seen for the first time gets a row (an empty count) and
 * the reservation is made again.
 */
export async function reserveAttempt(db: Db, scopes: ScopedPolicy[], now?: Date): Promise<AttemptReservation> {
  if (scopes.length === 0) throw new ThrottleInputError("reserveAttempt needs at least one scope");
  if (new Set(scopes.map((entry) => entry.scope)).size !== scopes.length) throw new ThrottleInputError("reserveAttempt: the scopes must differ");
  for (let round = 0; round < 3; round++) {
    const reservation = await reserveHeldAttempt(db, scopes, now);
    if (reservation) return reservation;
    await db.execute(sql`
      INSERT INTO dashboard.sign_in_throttles (scope, failures, window_started_at, locked_until, updated_at)
      SELECT scope, 0, ${clockAt(now)}, NULL, ${clockAt(now)} FROM unnest(${sql.param(scopes.map((entry) => entry.scope))}::text[]) AS scope
      ON CONFLICT (scope) DO NOTHING`);
  }
  throw new Error("reserveAttempt: the throttle rows keep disappearing");
}

/** The reservation, or null (nothing counted) when a scope has no row yet. */
async function reserveHeldAttempt(db: Db, scopes: ScopedPolicy[], now?: Date): Promise<AttemptReservation | null> {
  const policies = sql.join(
    scopes.map(
      ({ scope, policy }) =>
        sql`(${scope}::text, ${policy.maxFailures}::int, ${policy.windowSeconds}::int, ${policy.lockSeconds}::int, ${policy.maxLockSeconds}::int)`,
    ),
    sql`, `,
  );
  const [row] = await queryRows<{ missing: boolean; refused_for: number | string | null; locked_for: number | string | null; failures: unknown }>(
    db,
    sql`
      WITH clock AS (SELECT ${clockAt(now)} AS at),
      policy (scope, max_failures, window_seconds, lock_seconds, max_lock_seconds) AS (VALUES ${policies}),
      held AS (
        SELECT t.scope, t.failures, t.window_started_at, t.locked_until FROM dashboard.sign_in_throttles t
        WHERE t.scope IN (SELECT scope FROM policy) ORDER BY t.scope FOR UPDATE
      ),
      decision AS (
        SELECT (SELECT count(*) FROM held) < (SELECT count(*) FROM policy) AS missing,
               (SELECT ceil(extract(epoch FROM max(held.locked_until - clock.at)))::int FROM held, clock WHERE held.locked_until > clock.at) AS refused_for
      ),
      -- The rows are ours until the statement ends: what held read is what they hold.
      next AS (
        SELECT h.scope, k.failures, c.at,
               CASE WHEN l.seconds > 0 THEN c.at + make_interval(secs => l.seconds) WHEN k.fresh THEN c.at ELSE h.window_started_at END AS window_started_at,
               CASE WHEN l.seconds > 0 THEN c.at + make_interval(secs => l.seconds) ELSE h.locked_until END AS locked_until
        FROM held h
        JOIN policy p ON p.scope = h.scope
        CROSS JOIN clock c
        CROSS JOIN LATERAL (SELECT h.window_started_at < c.at - make_interval(secs => p.window_seconds) AS fresh) w
        CROSS JOIN LATERAL (SELECT w.fresh, CASE WHEN w.fresh THEN 1 ELSE h.failures + 1 END AS failures) k
        CROSS JOIN LATERAL (SELECT ${lockSecondsFor(sql`k.failures`)} AS seconds) l
      ),
      counted AS (
        UPDATE dashboard.sign_in_throttles AS t
        SET failures = n.failures, window_started_at = n.window_started_at, locked_until = n.locked_until, updated_at = n.at
        FROM next n, decision d
        WHERE t.scope = n.scope AND NOT d.missing AND d.refused_for IS NULL
        RETURNING t.scope, t.failures, t.locked_until
      )
      SELECT d.missing, d.refused_for,
             (SELECT ceil(extract(epoch FROM max(counted.locked_until - clock.at)))::int FROM counted, clock
               WHERE counted.locked_until > clock.at) AS locked_for,
             (SELECT json_object_agg(counted.scope, counted.failures) FROM counted) AS failures
      FROM decision d`,
  );
  if (!row) throw new Error("reserveAttempt: the statement returned no row");
  if (row.refused_for !== null && row.refused_for !== undefined) return { granted: false, retryAfter: Math.max(1, Number(row.refused_for)) };
  if (row.missing) return null;
  const failures = (typeof row.failures === "string" ? JSON.parse(row.failures) : (row.failures ?? {})) as Record<string, number>;
  return { granted: true, lockSeconds: Math.max(0, Number(row.locked_for ?? 0)), failures };
}

/** Seconds until the longest lock among the scopes ends; 0 when none is locked. */
export async function lockedForSeconds(db: Db, scopes: string[], now?: Date): Promise<number> {
  const [row] = await queryRows<{ seconds: number | string | null }>(
    db,
    sql`SELECT ceil(extract(epoch FROM max(locked_until) - ${clockAt(now)}))::int AS seconds
        FROM dashboard.sign_in_throttles
        WHERE scope = ANY(${sql.param(scopes)}::text[]) AND locked_until > ${clockAt(now)}`,
  );
  return Math.max(0, Number(row?.seconds ?? 0));
}

/** A successful sign-in forgets the account's failures and its lock (the row stays: the next reservation needs it). */
export async function clearFailures(db: Db, scope: string, now?: Date): Promise<void> {
  await db.execute(sql`
    UPDATE dashboard.sign_in_throttles SET failures = 0, locked_until = NULL, window_started_at = ${clockAt(now)}, updated_at = ${clockAt(now)}
    WHERE scope = ${scope}`);
}

/**
 * A successful sign-in gives its address reservation back: the count goes down by one. A lock
 * stays: one account's success must not open an address that others' failures locked.
 */
export async function releaseAttempt(db: Db, scope: string): Promise<void> {
  await db.execute(sql`UPDATE dashboard.sign_in_throttles SET failures = GREATEST(0, failures - 1) WHERE scope = ${scope}`);
}

/**
 * The operator lifts an account's locks (`npm run user:unlock`): every count of the account from unknown devices (its
 * own, and per address) and of its sessions goes, as if no attempt had been made. The address scopes stay: they are
 * shared with everyone else behind the address. A known device's count is keyed by its token alone and cannot be
 * found from the account; its lock is the member's own typing, and ends by itself. Returns how many scopes were lifted.
 */
export async function unlockAccount(db: Db, email: string, sessionIds: string[]): Promise<number> {
  const [row] = await queryRows<{ lifted: number | string }>(
    db,
    sql`WITH lifted AS (
          DELETE FROM dashboard.sign_in_throttles
          WHERE scope = ${accountScope(email)}
             OR starts_with(scope, ${`account-ip:${normalizedEmail(email)}|`})
             OR scope = ANY(${sql.param(sessionIds.map(sessionScope))}::text[])
          RETURNING 1
        )
        SELECT count(*) AS lifted FROM lifted`,
  );
  return Number(row?.lifted ?? 0);
}
