import { and, eq, isNull, sql } from "drizzle-orm";
import { queryRows, type Db, type Tx } from "@/lib/db/client";
import { sessions, users } from "@/lib/db/schema";
import { DashboardError } from "@/lib/core/actions/errors";
import { defineJob } from "@/lib/core/jobs/define";
import { accountPolicy, clearFailures, reserveAttempt, sessionScope } from "./throttle";
import { checkSecondFactor, type TotpOptions } from "./totp";
import { recordSecurityEvent } from "./security-events";
import type { RequestOrigin } from "./request-origin";
import { amountsAboveThreshold, readSecuritySettings } from "./security-settings";

/** A correct code lets the session make money actions above the threshold for this long. */
export const STEP_UP_SECONDS = 5 * 60;

/**
 * A code typed by a signed-in member (a step-up, new recovery codes, turning two-factor off): one attempt in the
 * session's own count, as strict as a sign-in's, so that the session cannot be used to guess codes. Not the account's
 * count: a stranger sending wrong passwords from elsewhere must not keep a signed-in member from confirming a top-up.
 * Wrong: recorded and refused on the `code` field; a lock: refused with the wait.
 */
export async function confirmCodeInSession(
  db: Db,
  user: { id: number; email: string; sessionId: string },
  code: string,
  origin: RequestOrigin,
  totp?: TotpOptions,
): Promise<"totp" | "recovery_code"> {
  const scope = sessionScope(user.sessionId);
  const reservation = await reserveAttempt(db, [{ scope, policy: accountPolicy() }]);
  if (!reservation.granted) throw new DashboardError("two_factor.wait", "code", { seconds: reservation.retryAfter });
  const person = { id: user.id, email: user.email };
  const check = await checkSecondFactor(db, user.id, code, totp);
  if (check.ok) {
    await clearFailures(db, scope);
    if (check.via === "recovery_code") await recordSecurityEvent(db, { kind: "recovery_code_used", actor: person, subject: person, origin });
    return check.via;
  }
  await recordSecurityEvent(db, { kind: "two_factor_failed", actor: person, subject: person, origin });
  if (reservation.lockSeconds > 0) throw new DashboardError("two_factor.wait", "code", { seconds: reservation.lockSeconds });
  throw new DashboardError("two_factor.wrong_code", "code");
}

/** After a correct code: this session may make money actions above the threshold for STEP_UP_SECONDS. */
export async function grantStepUp(db: Db, userId: number, sessionId: string, seconds = STEP_UP_SECONDS): Promise<void> {
  await db
    .update(sessions)
    .set({ stepUpUntil: sql`now() + make_interval(secs => ${seconds})` })
    .where(and(eq(sessions.id, sessionId), eq(sessions.userId, userId), isNull(sessions.endedAt)));
}

/** How far back what a member moved counts towards the threshold, with the amounts of the request. */
const STEP_UP_WINDOW_MINUTES = 60;

/**
 * What the member moved in the window, per currency (minor units, top-ups and debits alike), among `currencies`:
 * their single top-ups and debits that went through or may have (the audit entry's outcome succeeded or unknown,
 * not settled later as failed; refused ones moved nothing), and the totals of the bulk adjustments they confirmed
 * (as confirmed: whatever its rows' outcomes, the run was theirs to start). A batch's own rows are counted by its
 * total, not again as entries.
 */
async function movedInWindow(
  db: Db | Tx,
  userId: number,
  currencies: string[],
  minutes = STEP_UP_WINDOW_MINUTES,
): Promise<{ currency: string; minor: bigint }[]> {
  if (currencies.length === 0) return [];
  const among = sql.join(
    currencies.map((currency) => sql`${currency}`),
    sql`, `,
  );
  const since = sql`now() - make_interval(mins => ${minutes}::int)`;
  const rows = await queryRows<{ currency: string; minor: string }>(
    db,
    sql`SELECT m.currency, sum(m.minor)::text AS minor
        FROM (
          SELECT e.currency, abs(e.amount)::numeric AS minor
          FROM dashboard.audit_entries e
          WHERE e.user_id = ${userId} AND e.created_at > ${since}
            AND e.kind IN ('top_up', 'debit') AND e.batch_id IS NULL AND e.reconciles_entry_id IS NULL
            AND e.outcome IN ('succeeded', 'unknown') AND e.amount IS NOT NULL AND e.currency IN (${among})
            AND NOT EXISTS (SELECT 1 FROM dashboard.audit_entries s WHERE s.reconciles_entry_id = e.id AND s.outcome = 'failed')
          UNION ALL
          SELECT t.currency, (CASE WHEN t.sums->'top_up'->>'minor' ~ '^[0-9]{1,30}$' THEN (t.sums->'top_up'->>'minor')::numeric ELSE 0 END)
                           + (CASE WHEN t.sums->'debit'->>'minor' ~ '^[0-9]{1,30}$' THEN (t.sums->'debit'->>'minor')::numeric ELSE 0 END)
          FROM dashboard.adjustment_batches b
          CROSS JOIN LATERAL jsonb_each(CASE WHEN jsonb_typeof(b.totals) = 'object' THEN b.totals ELSE '{}'::jsonb END) AS t(currency, sums)
          WHERE b.confirmed_by = ${userId} AND b.confirmed_at > ${since} AND t.currency IN (${among})
          UNION ALL
          SELECT r.currency, r.minor::numeric
          FROM dashboard.step_up_reservations r
          WHERE r.user_id = ${userId} AND r.created_at > ${since} AND r.currency IN (${among})
            AND NOT EXISTS (SELECT 1 FROM dashboard.audit_entries e WHERE r.key = 'ledger:' || e.idempotency_key::text AND e.user_id = ${userId})
            AND NOT EXISTS (SELECT 1 FROM dashboard.adjustment_batches b WHERE r.key = 'batch:' || b.id::text AND b.confirmed_by = ${userId})
        ) m
        GROUP BY m.currency`,
  );
  return rows.map((row) => ({ currency: row.currency, minor: BigInt(row.minor) }));
}

/**
 * Before a money action: when what the member moved in the last hour (movedInWindow) and this request's amounts add
 * up above a currency's threshold, the session must have given a fresh code (step_up_until later than now) — so many
 * small top-ups under the threshold ask as one large one would. Only the currencies this request moves are held to
 * it. Refused with `step_up_required` (the form asks for the code, then sends the same request again), or
 * `step_up.enrol_first` for a member without two-factor (nothing to ask them for).
 */
export async function requireStepUp(
  db: Db,
  user: { id: number; sessionId: string },
  amounts: { currency: string; minor: bigint }[],
  /** `ledger:<idempotency key>` or `batch:<id>`: what this request will move is reserved under it once it may go on. */
  reservation?: string,
): Promise<void> {
  const settings = await readSecuritySettings(db);
  const held = [...new Set(amounts.filter(({ currency, minor }) => minor !== 0n && settings.stepUpThresholds[currency] !== undefined).map((a) => a.currency))];
  if (held.length === 0) return;
  await db.transaction(async (tx) => {
    // One member's checks one at a time (the lock ends with the transaction): each sees what those before it reserved,
    // so requests sent at once are held to the threshold together — reserved, then done.
    await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtextextended(${`step-up:${user.id}`}, 0))`);
    if (reservation) {
      // A repeat of a request (same key) is not counted twice: its own reservation is not "what was moved before".
      await tx.execute(sql`DELETE FROM dashboard.step_up_reservations WHERE key = ${reservation} AND user_id = ${user.id}`);
    }
    if (!(await codeNeeded(tx, settings, user.id, held, amounts))) return reserve(tx, user.id, amounts, held, reservation);
    const [row] = await tx
      .select({
        enrolled: sql<boolean>`${users.totpEnrolledAt} IS NOT NULL`,
        fresh: sql<boolean>`coalesce(${sessions.stepUpUntil} > now(), false)`,
      })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .where(and(eq(sessions.id, user.sessionId), eq(sessions.userId, user.id)));
    if (!row?.enrolled) throw new DashboardError("step_up.enrol_first");
    if (!row.fresh) throw new DashboardError("step_up_required");
    await reserve(tx, user.id, amounts, held, reservation);
  });
}

async function codeNeeded(
  tx: Tx,
  settings: Awaited<ReturnType<typeof readSecuritySettings>>,
  userId: number,
  held: string[],
  amounts: { currency: string; minor: bigint }[],
): Promise<boolean> {
  if (amountsAboveThreshold(settings, amounts).length > 0) return true;
  const moved = await movedInWindow(tx, userId, held);
  return amountsAboveThreshold(settings, [...moved, ...amounts]).some((currency) => held.includes(currency));
}

async function reserve(tx: Tx, userId: number, amounts: { currency: string; minor: bigint }[], held: string[], reservation?: string): Promise<void> {
  if (!reservation) return;
  const totals = new Map<string, bigint>();
  for (const { currency, minor } of amounts) if (held.includes(currency)) totals.set(currency, (totals.get(currency) ?? 0n) + (minor < 0n ? -minor : minor));
  for (const [currency, minor] of totals) {
    await tx.execute(
      sql`INSERT INTO dashboard.step_up_reservations (key, currency, minor, user_id) VALUES (${reservation}, ${currency}, ${minor.toString()}, ${userId})
          ON CONFLICT (key, currency) DO UPDATE SET minor = EXCLUDED.minor, created_at = now()`,
    );
  }
}

/** Reservations older than twice the window count for nothing; answers how many were deleted. */
async function pruneReservations(db: Db): Promise<number> {
  const rows = await queryRows<{ key: string }>(
    db,
    sql`DELETE FROM dashboard.step_up_reservations WHERE created_at < now() - make_interval(mins => ${STEP_UP_WINDOW_MINUTES * 2}::int) RETURNING key`,
  );
  return rows.length;
}

/** Deletes the reservations that count for nothing, every ten minutes on every instance. */
export const stepUpReservationPruning = defineJob({
  kind: "periodic",
  name: "step-up-reservation-pruning",
  everyMs: 10 * 60_000,
  enabled: () => true,
  run: pruneReservations,
});

/**
 * Before a change to the controls around money (the security rules, another member's password link or two-factor,
 * making someone an owner): the session must have given a code in the last STEP_UP_SECONDS, the same proof a money
 * action above the threshold asks for — else a stolen owner session could lift the threshold, or take over a second
 * owner, without any code. Refused with `step_up_required` (the form asks for the code, then sends the change again).
 *
 * A member without two-factor has no code to give: refused with `step_up.enrol_first`, with one exception, while the
 * team has no rule a code enforces (no step-up threshold, two-factor not required). Then a code protects nothing this
 * session could not already do (every money action goes through without one), and refusing would leave the first
 * owner unable to switch the rules on at all. The first rules saved end the exception for everyone: from then on
 * changing them, or any of these controls, needs a code, so an owner without two-factor turns it on first.
 */
export async function requireFreshStepUp(db: Db, user: { id: number; sessionId: string }): Promise<void> {
  const [row] = await db
    .select({
      enrolled: sql<boolean>`${users.totpEnrolledAt} IS NOT NULL`,
      fresh: sql<boolean>`coalesce(${sessions.stepUpUntil} > now(), false)`,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.id, user.sessionId), eq(sessions.userId, user.id), isNull(sessions.endedAt)));
  if (!row) throw new DashboardError("step_up_required");
  if (row.enrolled) {
    if (!row.fresh) throw new DashboardError("step_up_required");
    return;
  }
  const settings = await readSecuritySettings(db);
  if (settings.requireTwoFactor || Object.keys(settings.stepUpThresholds).length > 0) throw new DashboardError("step_up.enrol_first");
}
