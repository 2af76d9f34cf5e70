import { describe, expect, it } from "vitest";
import { cleanup, render, screen, within } from "@testing-library/react";
import type { RowProblem } from "@/lib/features/adjustments/types";
import type { Locale } from "@/lib/i18n/config";
import { translator } from "@/lib/i18n/translate";
import { ProblemsTable } from "./problems-table";

/** 60 problems, two per line from line 2; messages are real keys of the dictionaries with their parameters. */
const PROBLEMS: RowProblem[] = Array.from({ length: 60 }, (_, index): RowProblem => {
  const line = 2 + Math.floor(index / 2);
  return index % 2 === 0
    ? { line, column: "amount", code: "amount_too_large", message: "ledger.amount.too_large", params: { max: "$1,000,000,000,000.00" } }
    : { line, column: null, code: "other", message: "ledger.code.other", params: { code: "bad_row" } };
});

const lines = () => screen.getAllByTestId("problem-row").map((row) => Number(row.getAttribute("data-line")));

function setup(problems: RowProblem[], total: number, locale: Locale = "en", page = 1) {
  render(
    <ProblemsTable
      problems={problems}
      total={total}
      page={page}
      hrefFor={(to) => `/adjustments/b1?problems=${to}`}
      pageSize={25}
      t={translator(locale)}
      locale={locale}
    />,
  );
}

const pager = () => screen.getByRole("navigation", { name: "Pages of problems" });

describe("ProblemsTable", () => {
  it("line, column by name and the message translated with its parameters", () => {
    setup(PROBLEMS, 60);
    const [first, second] = screen.getAllByTestId("problem-row");
    expect(
      within(first)
        .getAllByRole("cell")
        .map((cell) => cell.textContent),
    ).toEqual(["2", "Amount", "The amount is above the largest possible one: up to $1,000,000,000,000.00."]);
    expect(
      within(second)
        .getAllByRole("cell")
        .map((cell) => cell.textContent),
    ).toEqual(["2", "Whole row", "Other error (bad_row)"]);
    expect(screen.getByRole("table", { name: "60 problems in the file" })).toBeTruthy();
  });

  it("the page in the URL: 25 of the given problems at a time, the pager links to the others", () => {
    setup(PROBLEMS, 60);
    expect(lines()).toHaveLength(25);
    expect(lines()[0]).toBe(2);
    expect(within(pager()).getByText("Page 1 of 3")).toBeTruthy();
    expect(within(pager()).getByRole("link", { name: "Next" }).getAttribute("href")).toBe("/adjustments/b1?problems=2");
    cleanup();
    setup(PROBLEMS, 60, "en", 2);
    expect(lines()).toHaveLength(25);
    expect(lines()[0]).toBe(14);
    expect(within(pager()).getByRole("link", { name: "Previous" }).getAttribute("href")).toBe("/adjustments/b1?problems=1");
    cleanup();
    setup(PROBLEMS, 60, "en", 3);
    expect(lines()).toHaveLength(10);
    expect(lines().at(-1)).toBe(31);
    expect(within(pager()).getByRole("link", { name: "Next" }).getAttribute("aria-disabled")).toBe("true");
  });

  it("a page past the last (an old link) shows the last", () => {
    setup(PROBLEMS, 60, "en", 9);
    expect(within(pager()).getByText("Page 3 of 3")).toBeTruthy();
    expect(lines()).toHaveLength(10);
  });

  it("says how many more there are when the list was cut, in the reader's plural", () => {
    setup(PROBLEMS, 1234);
    expect(screen.getByTestId("problems-more").textContent).toBe("…and 1,174 more problems, not listed here.");
  });

  it("all listed: no 'more'; Russian plural forms", () => {
    setup(PROBLEMS.slice(0, 3), 4, "ru");
    expect(screen.getByTestId("problems-more").textContent).toBe("…и ещё 1 ошибка, здесь не показана.");
    expect(screen.getByRole("table", { name: "4 ошибки в файле" })).toBeTruthy();
    expect(screen.queryByRole("navigation")).toBeNull();
  });

  it("empty: says every row can run, and no 'more'", () => {
    setup([], 0);
    expect(screen.getByText("No problems: every row can run.")).toBeTruthy();
    expect(screen.queryByTestId("problems-more")).toBeNull();
  });
});
