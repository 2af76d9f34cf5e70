import { describe, expect, it } from "vitest";
import { render, screen, within } from "@testing-library/react";
import type { AdjustmentTotals } from "@/lib/features/adjustments/types";
import { toTotalsView } from "@/lib/features/adjustments/views";
import type { Locale } from "@/lib/i18n/config";
import { translator } from "@/lib/i18n/translate";
import { TotalsTable } from "./totals-table";

/** Sums far beyond 2^53 (9,007,199,254,740,992): a float would lose the last digits. */
const TOTALS: AdjustmentTotals = {
  USD: { top_up: { count: 100000, minor: BigInt("123456789012345678901") }, debit: { count: 2, minor: BigInt(1) } },
  JPY: { top_up: { count: 1, minor: BigInt(500) }, debit: { count: 3, minor: BigInt("90071992547409930") } },
};

const cells = (currency: string) =>
  within(screen.getAllByTestId("totals-row").find((row) => row.getAttribute("data-currency") === currency)!)
    .getAllByRole("cell")
    .map((cell) => cell.textContent);

function setup(locale: Locale) {
  render(<TotalsTable totals={toTotalsView(TOTALS)} t={translator(locale)} locale={locale} />);
}

describe("TotalsTable", () => {
  it("toTotalsView: sorted by currency, sums as exact digit strings", () => {
    expect(toTotalsView(TOTALS)).toEqual([
      { currency: "JPY", topUps: { count: 1, minor: "500" }, debits: { count: 3, minor: "90071992547409930" } },
      { currency: "USD", topUps: { count: 100000, minor: "123456789012345678901" }, debits: { count: 2, minor: "1" } },
    ]);
  });

  it("English: counts, sums and the net change with every digit, per currency, under a caption", () => {
    setup("en");
    expect(screen.getByRole("table", { name: "Totals per currency, valid rows only" })).toBeTruthy();
    expect(screen.getAllByTestId("totals-row").map((row) => row.getAttribute("data-currency"))).toEqual(["JPY", "USD"]);
    expect(cells("USD")).toEqual(["USD", "100,000", "$1,234,567,890,123,456,789.01", "2", "$0.01", "$1,234,567,890,123,456,789.00"]);
    expect(cells("JPY")).toEqual(["JPY", "1", "¥500", "3", "¥90,071,992,547,409,930", "-¥90,071,992,547,409,430"]);
  });

  it("Russian: the same sums in Russian notation", () => {
    setup("ru");
    const usd = cells("USD").map((text) => text?.replace(/[\u00a0\u202f]/g, " "));
    expect(usd).toEqual(["USD", "100 000", "1 234 567 890 123 456 789,01 $", "2", "0,01 $", "1 234 567 890 123 456 789,00 $"]);
  });

  it("no valid rows: says so", () => {
    render(<TotalsTable totals={[]} caption="Totals" t={translator("en")} locale="en" />);
    expect(screen.getByRole("table", { name: "Totals" })).toBeTruthy();
    expect(screen.getByText("No valid rows.")).toBeTruthy();
  });
});
