import { sql, type SQL } from "drizzle-orm";
import { queryRows, type Db } from "@/lib/db/client";
import { codedValidationError, validationError } from "../errors";
import type { Translate } from "../i18n";
import { assertReach, missing, sqlStateOf, type Reach } from "./access";
import { formatAmountNote } from "./currency";
import { ACCOUNT_COLUMNS, serializeAccount, type AccountObject, type AccountRow } from "./serialize";
import "./messages";

/**
 * Balance changes through the API. Each one is a single SQL statement: the
 * access check, the conditional UPDATE and the journal INSERT run as one
 * statement, hence in one transaction and one round trip. A debit's
 * `amount >= $amount` is re-checked by PostgreSQL on the newest row version
 * after waiting for a concurrent writer, so the balance never goes below zero
 * on any number of server instances.
 */
export type Movement = "deposit" | "debit";

export interface MovementInput {
  holderId: number;
  accountId: number;
  /** Minor units, 1..10^14 (validated by the method's schema). */
  amount: bigint;
  description: string;
  /** When the movement happened; default the statement's `now()`. Only a seeded history (the demo) passes it. */
  at?: Date;
}

/** Journal titles of the API's movements (an operator's adjustment has its own title). */
export const JOURNAL_TITLES: Record<Movement, string> = {
  deposit: "Deposit via API",
  debit: "Debit via API",
};

interface MovementRow extends Partial<Reach> {
  /** Balance and block as the statement's snapshot saw them (null when the account is missing). */
  before_amount: string | null;
  before_blocked: boolean | null;
  account_currency: string | null;
  /** The changed account; all null when nothing changed. */
  id: string | null;
  currency: string | null;
  amount: string | null;
  created_at: Date | string | null;
  updated_at: Date | string | null;
  blocked_at: Date | string | null;
}

/** The movement's time: the one given (a seeded history), else the transaction's. */
const movedAt = (input: MovementInput): SQL => (input.at ? sql`${input.at.toISOString()}::timestamptz` : sql`now()`);

/** The one statement of a top-up or a debit (also run verbatim by the benchmark's floor server). */
export function movementStatement(kind: Movement, input: MovementInput): SQL {
  const amount = input.amount.toString();
  const change = kind === "deposit" ? sql`amount + ${amount}::bigint` : sql`amount - ${amount}::bigint`;
  const condition = kind === "deposit" ? sql`` : sql`AND blocked_at IS NULL AND amount >= ${amount}::bigint`;
  const at = movedAt(input);
  return sql`
    WITH target AS (
      SELECT a.id, a.currency, a.amount, a.blocked_at, (c.deleted OR b.deleted) AS gone, p.owner_id
      FROM platform.contact_accounts a
      JOIN platform.contacts c ON c.id = a.contact_id
      JOIN platform.bots b ON b.id = c.bot_id
      JOIN platform.projects p ON p.uuid = b.project_uuid
      WHERE a.id = ${input.accountId}::bigint
    ),
    changed AS (
      UPDATE platform.contact_accounts SET amount = ${change}, updated_at = ${at}
      WHERE id = (SELECT id FROM target WHERE NOT gone AND owner_id = ${input.holderId}::bigint) ${condition}
      RETURNING id, currency, amount, created_at, updated_at, blocked_at
    ),
    entry AS (
      INSERT INTO platform.account_journal (account_id, kind, title, amount, description, balance_after, created_at)
      SELECT id, ${kind}, ${JOURNAL_TITLES[kind]}, ${amount}::bigint, ${input.description}, amount, updated_at FROM changed
      RETURNING id
    )
    SELECT target.gone, target.owner_id::text AS owner_id,
           target.amount::text AS before_amount, target.blocked_at IS NOT NULL AS before_blocked, target.currency AS account_currency,
           changed.id::text AS id, changed.currency, changed.amount::text AS amount,
           changed.created_at, changed.updated_at, changed.blocked_at
    FROM (SELECT 1) AS one
    LEFT JOIN target ON true
    LEFT JOIN changed ON true
  `;
}

/** Tops up or debits an account; answers the new account object or throws the spec's 404/403/422. */
export async function moveFunds(db: Db, kind: Movement, input: MovementInput, t: Translate): Promise<AccountObject> {
  let row: MovementRow;
  try {
    [row] = await queryRows<MovementRow & Record<string, unknown>>(db, movementStatement(kind, input));
  } catch (error) {
    // Only a top-up can overflow bigint (9.2·10^18 minor units).
    if (sqlStateOf(error) === "22003") throw validationError({ amount: [t("accounts.balance_overflow")] }, t);
    throw error;
  }
  if (row.id !== null) return serializeAccount(row as AccountRow);
  assertReach(row.owner_id == null ? null : (row as Reach), input.holderId, "account", t);
  // A reachable account that a top-up did not change was deleted by a concurrent request.
  if (kind === "deposit") throw missing("account", t);
  // A debit that changed nothing. The block is checked before the balance.
  if (row.before_blocked) throw accountBlocked(t);
  const before = BigInt(row.before_amount ?? "0");
  if (before < input.amount) throw insufficientFunds(before, input, t, (row.account_currency ?? "").trim());
  // The snapshot allowed the debit but a concurrent writer changed the row first: decide under a row lock.
  return debitUnderLock(db, input, t);
}

/** The slow path after a lost race: lock the row, decide, change, journal; one transaction. */
async function debitUnderLock(db: Db, input: MovementInput, t: Translate): Promise<AccountObject> {
  return db.transaction(async (tx) => {
    const txDb = tx as unknown as Db;
    const [current] = await queryRows<{ amount: string; currency: string; blocked: boolean }>(
      txDb,
      sql`SELECT amount::text AS amount, currency, blocked_at IS NOT NULL AS blocked
          FROM platform.contact_accounts WHERE id = ${input.accountId}::bigint FOR UPDATE`,
    );
    if (!current) throw missing("account", t);
    if (current.blocked) throw accountBlocked(t);
    const balance = BigInt(current.amount);
    if (balance < input.amount) throw insufficientFunds(balance, input, t, current.currency.trim());
    const amount = input.amount.toString();
    const [changed] = await queryRows<AccountRow & Record<string, unknown>>(
      txDb,
      sql`UPDATE platform.contact_accounts SET amount = amount - ${amount}::bigint, updated_at = ${movedAt(input)}
          WHERE id = ${input.accountId}::bigint RETURNING ${sql.raw(ACCOUNT_COLUMNS)}`,
    );
    await txDb.execute(sql`
      INSERT INTO platform.account_journal (account_id, kind, title, amount, description, balance_after, created_at)
      VALUES (${input.accountId}::bigint, 'debit', ${JOURNAL_TITLES.debit}, ${amount}::bigint, ${input.description},
              ${changed.amount}::bigint, ${movedAt(input)})`);
    return serializeAccount(changed);
  });
}

function accountBlocked(t: Translate) {
  return codedValidationError("account_id", "account_blocked", t("accounts.account_blocked"));
}

function insufficientFunds(balance: bigint, input: MovementInput, t: Translate, currency: string) {
  const note = (value: bigint) => formatAmountNote(value, currency);
  return codedValidationError(
    "account_id",
    "insufficient_funds",
    t("accounts.insufficient_funds", { balance: note(balance), minor: balance.toString(), debit: note(input.amount) }),
  );
}
