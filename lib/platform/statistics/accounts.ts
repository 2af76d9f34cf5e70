import { sql } from "drizzle-orm";
import { queryRows, type Db } from "@/lib/db/client";
import { formatAmountNote } from "../accounts/currency";
import { JOURNAL_TITLES } from "../accounts/ledger";
import { rangeDaysSql } from "./days";
import type { StatisticsRange } from "./params";

export interface AccountDay {
  date: string;
  /** Sum of the day's top-ups (addFundsToContactAccount), minor units. */
  top_ups: bigint;
  top_up_count: number;
  /** Sum of the day's debits (withdrawFundsFromContactAccount), minor units. */
  debits: bigint;
  debit_count: number;
}

export interface CurrencyStatistics {
  currency: string;
  /** Sum of the balances now, minor units (a JSON integer, like an account's `amount`). */
  balance_total: bigint;
  /** The same in major units and the code, like an account's `amount_note`. */
  balance_total_note: string;
  accounts: number;
  blocked_accounts: number;
  days: AccountDay[];
}

export interface AccountStatistics {
  time_zone: string;
  date_from: string;
  date_to: string;
  currencies: CurrencyStatistics[];
}

type Row = {
  currency: string;
  balance_total: string;
  accounts: string;
  blocked_accounts: string;
  date: string;
  top_ups: string;
  top_up_count: string;
  debits: string;
  debit_count: string;
};

/**
 * The holder's contact accounts per currency (sorted by code): balances and counts now,
 * and per calendar day of the range in its zone the top-ups and debits made through the
 * API, in ONE statement. The accounts are those the account methods reach: contact and
 * bot not deleted, the bot's project owned by the holder (a preview contact's accounts
 * count). A deleted account is gone with its journal (the journal cascades), so it counts
 * nowhere; its balance was zero. Operator adjustments are neither top-ups nor debits.
 */
export async function findAccountStatistics(db: Db, holderId: number, range: StatisticsRange, currency: string | null): Promise<AccountStatistics> {
  const rows = await queryRows<Row>(
    db,
    sql`WITH days AS (${rangeDaysSql(range)}),
        scope AS (
          SELECT a.id, a.currency, a.amount, a.blocked_at
          FROM platform.projects p
          JOIN platform.bots b ON b.project_uuid = p.uuid AND NOT b.deleted
          JOIN platform.contacts c ON c.bot_id = b.id AND NOT c.deleted
          JOIN platform.contact_accounts a ON a.contact_id = c.id
          WHERE p.owner_id = ${holderId}::bigint ${currency === null ? sql`` : sql`AND a.currency = ${currency}`}),
        totals AS (
          SELECT currency, sum(amount) AS balance_total, count(*) AS accounts, count(blocked_at) AS blocked_accounts
          FROM scope GROUP BY currency),
        moves AS (
          SELECT s.currency, (j.created_at AT TIME ZONE ${range.time_zone})::date AS day,
                 sum(j.amount) FILTER (WHERE j.kind = 'deposit') AS top_ups,
                 count(*) FILTER (WHERE j.kind = 'deposit') AS top_up_count,
                 sum(j.amount) FILTER (WHERE j.kind = 'debit') AS debits,
                 count(*) FILTER (WHERE j.kind = 'debit') AS debit_count
          FROM platform.account_journal j JOIN scope s ON s.id = j.account_id
          WHERE j.title IN (${JOURNAL_TITLES.deposit}, ${JOURNAL_TITLES.debit})
            AND j.created_at >= (SELECT min(from_ts) FROM days) AND j.created_at < (SELECT max(to_ts) FROM days)
          GROUP BY 1, 2)
        SELECT t.currency, t.balance_total::text AS balance_total, t.accounts::text AS accounts, t.blocked_accounts::text AS blocked_accounts,
               to_char(d.day, 'YYYY-MM-DD') AS date,
               COALESCE(m.top_ups, 0)::text AS top_ups, COALESCE(m.top_up_count, 0)::text AS top_up_count,
               COALESCE(m.debits, 0)::text AS debits, COALESCE(m.debit_count, 0)::text AS debit_count
        FROM totals t CROSS JOIN days d
        LEFT JOIN moves m ON m.currency = t.currency AND m.day = d.day
        ORDER BY t.currency, d.day`,
  );
  const currencies: CurrencyStatistics[] = [];
  for (const row of rows) {
    const code = row.currency.trim();
    let entry = currencies.at(-1);
    if (entry?.currency !== code) {
      const balance = BigInt(row.balance_total);
      entry = {
        currency: code,
        balance_total: balance,
        balance_total_note: formatAmountNote(balance, code),
        accounts: Number(row.accounts),
        blocked_accounts: Number(row.blocked_accounts),
        days: [],
      };
      currencies.push(entry);
    }
    entry.days.push({
      date: row.date,
      top_ups: BigInt(row.top_ups),
      top_up_count: Number(row.top_up_count),
      debits: BigInt(row.debits),
      debit_count: Number(row.debit_count),
    });
  }
  return { time_zone: range.time_zone, date_from: range.date_from, date_to: range.date_to, currencies };
}
