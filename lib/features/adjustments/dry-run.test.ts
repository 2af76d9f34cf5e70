import { describe, expect, test } from "vitest";
import { checkContactRows, type DryRunAccount, type DryRunRow } from "./dry-run";

const usd: DryRunAccount = { id: 11, currency: "USD", amount: BigInt(1000), blocked_at: null };
const eur: DryRunAccount = { id: 12, currency: "EUR", amount: BigInt(0), blocked_at: "2026-01-05T10:00:00Z" };
const row = (line: number, currency: string, kind: DryRunRow["kind"], amount: number): DryRunRow => ({ line, currency, kind, amountMinor: BigInt(amount) });

describe("checkContactRows", () => {
  test("debits in file order: earlier top-ups and debits of the same account count, a refused row does not", () => {
    const results = checkContactRows(
      [row(2, "USD", "debit", 600), row(3, "USD", "debit", 600), row(4, "USD", "top_up", 300), row(5, "USD", "debit", 600)],
      [usd],
    );
    expect(results.map(({ line, status, code, balanceAfter }) => ({ line, status, code, balanceAfter: balanceAfter?.toString() }))).toEqual([
      { line: 2, status: "ok", code: null, balanceAfter: "400" },
      { line: 3, status: "refused", code: "insufficient_funds", balanceAfter: "400" },
      { line: 4, status: "ok", code: null, balanceAfter: "700" },
      { line: 5, status: "ok", code: null, balanceAfter: "100" },
    ]);
    expect(results[1].params).toEqual({ currency: "USD", balance: "400" });
  });

  test("no account in the currency, a blocked account (debits refused, top-ups allowed), no contact", () => {
    const results = checkContactRows([row(2, "GBP", "top_up", 1), row(3, "EUR", "debit", 1), row(4, "EUR", "top_up", 5)], [usd, eur]);
    expect(results.map(({ status, code, accountId }) => [status, code, accountId])).toEqual([
      ["refused", "account_not_found", null],
      ["refused", "account_blocked", 12],
      ["ok", null, 12],
    ]);
    expect(checkContactRows([row(2, "USD", "top_up", 1)], null)[0]).toMatchObject({ status: "refused", code: "contact_not_found", accountId: null });
  });
});
