import { formatTimestamp } from "../time";
import { formatAmountNote } from "./currency";

/** An account row as the raw SQL of this area selects it (money as text, never a JS number). */
export interface AccountRow {
  id: string | number;
  currency: string;
  amount: string;
  created_at: Date | string;
  updated_at: Date | string;
  blocked_at: Date | string | null;
}

/** The SQL select list that produces an AccountRow from `platform.contact_accounts`. */
export const ACCOUNT_COLUMNS = "id::text AS id, currency, amount::text AS amount, created_at, updated_at, blocked_at";

export interface AccountObject {
  id: number;
  currency: string;
  amount: bigint;
  amount_note: string;
  created_at: string | null;
  updated_at: string | null;
  blocked_at: string | null;
}

/** The spec's account object, exactly its keys; `amount` is a bigint, written as a JSON integer. */
export function serializeAccount(row: AccountRow): AccountObject {
  const amount = BigInt(row.amount);
  const currency = row.currency.trim();
  return {
    id: Number(row.id),
    currency,
    amount,
    amount_note: formatAmountNote(amount, currency),
    created_at: formatTimestamp(row.created_at),
    updated_at: formatTimestamp(row.updated_at),
    blocked_at: formatTimestamp(row.blocked_at),
  };
}
