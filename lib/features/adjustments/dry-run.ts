import type { AdjustmentKind } from "./types";

/**
 * The dry run's check of one contact's rows against its accounts as the
 * platform has them, without changing anything: the account in the row's
 * currency exists; a debit is not from a blocked account and finds enough
 * money, with the contact's earlier rows of the file (top-ups and debits that
 * would go through) counted in file order.
 */
export interface DryRunRow {
  line: number;
  currency: string;
  kind: AdjustmentKind;
  amountMinor: bigint;
}

export interface DryRunAccount {
  id: number;
  currency: string;
  amount: bigint;
  blocked_at: string | null;
}

export type DryRunCode = "contact_not_found" | "account_not_found" | "account_blocked" | "insufficient_funds";

export interface DryRunResult {
  line: number;
  /** Null when the contact has no account in the row's currency. */
  accountId: number | null;
  status: "ok" | "refused";
  code: DryRunCode | null;
  /** ok: the balance after this row; refused: the balance it would have met (null without an account). */
  balanceAfter: bigint | null;
  params: Record<string, string> | null;
}

/** `accounts` null: the contact does not exist (or the key cannot reach it). Rows in file order. */
export function checkContactRows(rows: readonly DryRunRow[], accounts: readonly DryRunAccount[] | null): DryRunResult[] {
  const balances = new Map<number, bigint>();
  return rows.map((row): DryRunResult => {
    if (accounts === null) return { line: row.line, accountId: null, status: "refused", code: "contact_not_found", balanceAfter: null, params: null };
    const account = accounts.find((candidate) => candidate.currency === row.currency);
    if (!account) {
      return { line: row.line, accountId: null, status: "refused", code: "account_not_found", balanceAfter: null, params: { currency: row.currency } };
    }
    const before = balances.get(account.id) ?? account.amount;
    const refused = (code: DryRunCode): DryRunResult => ({
      line: row.line,
      accountId: account.id,
      status: "refused",
      code,
      balanceAfter: before,
      params: { currency: row.currency, balance: before.toString() },
    });
    if (row.kind === "debit") {
      if (account.blocked_at !== null) return refused("account_blocked");
      if (before < row.amountMinor) return refused("insufficient_funds");
    }
    const after = row.kind === "debit" ? before - row.amountMinor : before + row.amountMinor;
    balances.set(account.id, after);
    return { line: row.line, accountId: account.id, status: "ok", code: null, balanceAfter: after, params: null };
  });
}
