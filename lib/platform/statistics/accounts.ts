import { sql, type SQL } from "drizzle-orm";
import { queryRows, type Db } from "@/lib/db/client";
import { formatAmountNote } from "../accounts/currency";
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
 * API, in ONE statement over the counters of drizzle/0010_statistics.sql (kept exact by
 * triggers): the work grows with bots, currencies and days, never with accounts or
 * journal lines.
 *
 * - Totals: the accounts the account methods reach, that is of live contacts (a preview
 *   contact's count) of the holder's live bots. A deleted account counts nowhere now.
 * - Days: history. A movement stays in its day when its account or contact is deleted
 *   later. Operator adjustments are neither top-ups nor debits. A day is the run of
 *   quarter hours that start in it (exact for every zone whose offset is a multiple of
 *   15 minutes: all zones today).
 * - A currency appears when the holder has an account in it or a movement in the range.
 */
export async function findAccountStatistics(db: Db, holderId: number, range: StatisticsRange, currency: string | null): Promise<AccountStatistics> {
  const rows = await queryRows<Row>(db, accountStatisticsSql(holderId, range, currency));
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

/** The statement of findAccountStatistics: one row per currency and day, in order. */
export function accountStatisticsSql(holderId: number, range: StatisticsRange, currency: string | null): SQL {
  const inCurrency = (column: SQL) => (currency === null ? sql`` : sql`AND ${column} = ${currency}`);
  return sql`WITH days AS (${rangeDaysSql(range)}),
      bots AS (
        SELECT b.id FROM platform.bots b JOIN platform.projects p ON p.uuid = b.project_uuid
        WHERE p.owner_id = ${holderId}::bigint AND NOT b.deleted),
      totals AS (
        SELECT t.currency, sum(t.balance_total) AS balance_total, sum(t.accounts) AS accounts, sum(t.blocked_accounts) AS blocked_accounts
        FROM platform.account_balance_totals t
        WHERE t.bot_id = ANY(ARRAY(SELECT id FROM bots)) ${inCurrency(sql`t.currency`)}
        GROUP BY t.currency HAVING sum(t.accounts) > 0),
      moves AS (
        SELECT q.currency, d.day, sum(q.top_ups) AS top_ups, sum(q.top_up_count) AS top_up_count,
               sum(q.debits) AS debits, sum(q.debit_count) AS debit_count
        FROM days d
        JOIN platform.account_movement_quarters q
          ON q.quarter >= ceil(extract(epoch FROM d.from_ts) / 900)::bigint AND q.quarter < ceil(extract(epoch FROM d.to_ts) / 900)::bigint
        WHERE q.bot_id = ANY(ARRAY(SELECT id FROM bots)) ${inCurrency(sql`q.currency`)}
        GROUP BY q.currency, d.day),
      currencies AS (SELECT currency FROM totals UNION SELECT currency FROM moves)
    SELECT c.currency, COALESCE(t.balance_total, 0)::text AS balance_total, COALESCE(t.accounts, 0)::text AS accounts,
           COALESCE(t.blocked_accounts, 0)::text AS blocked_accounts, to_char(d.day, 'YYYY-MM-DD') AS date,
           COALESCE(m.top_ups, 0)::text AS top_ups, COALESCE(m.top_up_count, 0)::text AS top_up_count,
           COALESCE(m.debits, 0)::text AS debits, COALESCE(m.debit_count, 0)::text AS debit_count
    FROM currencies c CROSS JOIN days d
    LEFT JOIN totals t ON t.currency = c.currency
    LEFT JOIN moves m ON m.currency = c.currency AND m.day = d.day
    ORDER BY c.currency, d.day`;
}
