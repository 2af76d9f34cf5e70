import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { WithI18n } from "@/components/testing/with-i18n";
import type { Locale } from "@/lib/i18n/config";
import { DailyChart } from "./daily-chart";
import type { ChartSeries } from "./days";

// jsdom has no ResizeObserver (the chart only needs it to follow its box's width) and no IntersectionObserver. With one
// that never reports the box near the screen, the chart is not drawn: drawn, it would fail here (no canvas) and open the
// table by itself, at a moment that races the test's click on the toggle.
class Unobserved {
  observe() {}
  unobserve() {}
  disconnect() {}
}
const originals = { resize: globalThis.ResizeObserver, intersection: globalThis.IntersectionObserver };
beforeAll(() => {
  globalThis.ResizeObserver = Unobserved as unknown as typeof ResizeObserver;
  globalThis.IntersectionObserver = Unobserved as unknown as typeof IntersectionObserver;
});
afterAll(() => {
  globalThis.ResizeObserver = originals.resize;
  globalThis.IntersectionObserver = originals.intersection;
});

const DAYS = ["2026-11-23", "2026-11-24", "2026-11-25"];

function renderChart(props: { series: ChartSeries[]; currency?: string }, locale: Locale = "en") {
  return render(
    <WithI18n locale={locale}>
      <DailyChart title="New contacts per day" days={DAYS} testId="chart" {...props} />
    </WithI18n>,
  );
}

const cells = (row: HTMLElement) =>
  within(row)
    .getAllByRole("cell")
    .map((cell) => cell.textContent);

describe("the chart's table view", () => {
  test("shows the same numbers as the chart, a row per day, behind a toggle", async () => {
    renderChart({ series: [{ label: "New", values: [0, 1234, 5], tone: "primary" }] });
    const summary = screen.getByText("Show as a table");
    const toggle = summary.closest("details")!;
    expect(toggle.open).toBe(false);
    // Closed, the toggle holds no table: its rows are drawn when it opens.
    expect(screen.queryByTestId("chart-table")).toBeNull();
    await userEvent.click(summary);
    await waitFor(() => expect(toggle.open).toBe(true));
    const table = await screen.findByTestId("chart-table");
    expect(
      within(table)
        .getAllByRole("columnheader")
        .map((header) => header.textContent),
    ).toEqual(["Day", "New"]);
    const rows = within(table).getAllByRole("row").slice(1);
    expect(rows.map(cells)).toEqual([
      ["Nov 23, 2026", "0"],
      ["Nov 24, 2026", "1,234"],
      ["Nov 25, 2026", "5"],
    ]);
  });

  test("money: exact amounts from minor units, one column per line, in Russian", async () => {
    renderChart(
      {
        currency: "RUB",
        series: [
          { label: "Пополнения", values: ["150050", "0", "9007199254740993"], tone: "success" },
          { label: "Списания", values: ["0", "250", "0"], tone: "danger" },
        ],
      },
      "ru",
    );
    await userEvent.click(screen.getByText("Показать таблицей"));
    const table = await screen.findByTestId("chart-table");
    expect(
      within(table)
        .getAllByRole("columnheader")
        .map((header) => header.textContent),
    ).toEqual(["День", "Пополнения", "Списания"]);
    const rows = within(table).getAllByRole("row").slice(1).map(cells);
    const clean = (text: string | null) => text?.replace(/\s/g, " ");
    expect(rows.map((row) => row.map(clean))).toEqual([
      ["23 нояб. 2026 г.", "1 500,50 ₽", "0,00 ₽"],
      ["24 нояб. 2026 г.", "0,00 ₽", "2,50 ₽"],
      ["25 нояб. 2026 г.", "90 071 992 547 409,93 ₽", "0,00 ₽"],
    ]);
  });
});
