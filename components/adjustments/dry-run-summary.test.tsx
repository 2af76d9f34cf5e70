import { describe, expect, it } from "vitest";
import { render, screen, within } from "@testing-library/react";
import type { DryRunView } from "@/lib/features/adjustments/views";
import type { Locale } from "@/lib/i18n/config";
import { translator } from "@/lib/i18n/translate";
import { DryRunSummary } from "./dry-run-summary";

const DRY_RUN: DryRunView = {
  ok: 2995,
  byCode: { insufficient_funds: 2, account_blocked: 3, payload_too_large: 1, forbidden: 0 },
  checkedAt: "2026-11-25T10:30:00Z",
  failures: [
    { line: 7, contactId: 1042, currency: "USD", direction: "debit", amountMinor: "1250", code: "account_blocked" },
    { line: 9, contactId: 77, currency: "EUR", direction: "debit", amountMinor: "99900", code: "insufficient_funds" },
  ],
};

function setup(locale: Locale = "en", dryRun: DryRunView = DRY_RUN) {
  render(<DryRunSummary dryRun={dryRun} t={translator(locale)} locale={locale} timeZone="UTC" />);
}

const refused = () => screen.getAllByTestId("dry-run-refused").map((item) => item.textContent);

describe("DryRunSummary", () => {
  it("counts per outcome in words, most first; codes without a sentence of their own use the ledger's words", () => {
    setup();
    expect(screen.getByTestId("dry-run-ok").textContent).toBe("2,995 rows would go through");
    expect(refused()).toEqual(["3 accounts are blocked", "2 debits exceed the balance", "1 row: The request was too large"]);
    expect(screen.getByText("Checked Nov 25, 2026, 10:30 AM UTC. Balances may have changed since; the run checks each row again.")).toBeTruthy();
  });

  it("Russian plural forms", () => {
    setup("ru", { ...DRY_RUN, ok: 21, byCode: { account_blocked: 1, insufficient_funds: 5 } });
    expect(screen.getByTestId("dry-run-ok").textContent).toBe("21 строка пройдёт");
    expect(refused()).toEqual(["5 списаний больше баланса", "1 счёт заблокирован"]);
  });

  it("the rows that would be refused: line, contact (linked), currency, direction, amount, reason; and how many are listed", () => {
    setup();
    const table = screen.getByRole("table", { name: "Rows the platform would refuse" });
    const [first] = within(table).getAllByTestId("dry-run-failure");
    expect(
      within(first)
        .getAllByRole("cell")
        .map((cell) => cell.textContent),
    ).toEqual(["7", "Contact 1042", "USD", "Debit", "$12.50", "Account is blocked"]);
    expect(within(first).getByRole("link", { name: "Contact 1042" }).getAttribute("href")).toBe("/contacts/1042");
    expect(screen.getByText("The first 2 of 6 are listed.")).toBeTruthy();
  });

  it("nothing refused: no table", () => {
    setup("en", { ok: 3, byCode: {}, checkedAt: "2026-11-25T10:30:00Z", failures: [] });
    expect(screen.queryByRole("table")).toBeNull();
    expect(screen.queryAllByTestId("dry-run-refused")).toHaveLength(0);
  });
});
