import { describe, expect, it } from "vitest";
import { render, screen, within } from "@testing-library/react";
import type { BatchSummaryView } from "@/lib/features/adjustments/views";
import { WithI18n } from "@/components/testing/with-i18n";
import { BatchFacts } from "./batch-facts";
import { BatchList } from "./batch-list";

const batch = (id: string, createdAt: string, extra: Partial<BatchSummaryView> = {}): BatchSummaryView => ({
  id,
  fileName: `${id}.csv`,
  createdBy: "Anna Petrova",
  createdAt,
  status: "finished",
  rows: 3000,
  valid: 3000,
  invalid: 0,
  totals: [{ currency: "USD", topUps: { count: 2999, minor: "299900" }, debits: { count: 1, minor: "500" } }],
  progress: { total: 3000, done: 3000, ok: 3000, failed: 0, unknown: 0, cancelled: 0 },
  stopReason: null,
  ...extra,
});

describe("BatchList", () => {
  it("with no batch: says what to do next, with a link to the upload card and one to the sample file", () => {
    render(
      <WithI18n>
        <BatchList batches={[]} />
      </WithI18n>,
    );
    const empty = screen.getByTestId("batches-empty");
    expect(empty.textContent).toContain("No batches yet.");
    expect(within(empty).getByRole("link", { name: "Upload a CSV" }).getAttribute("href")).toBe("#adjustments-upload");
    const sample = within(empty).getByRole("link", { name: "Download the sample" });
    expect(sample.getAttribute("href")).toBe("/api/dashboard/adjustments/sample");
    expect(sample.hasAttribute("download")).toBe(true);
  });

  it("newest first, each linked to its page, with who, when, status, rows and totals", () => {
    render(
      <WithI18n>
        <BatchList
          batches={[
            batch("old", "2026-11-01T08:00:00Z"),
            batch("new", "2026-11-25T08:00:00Z", { status: "running", rows: 12, invalid: 2 }),
            batch("mid", "2026-11-10T08:00:00Z", { status: "failed" }),
          ]}
        />
      </WithI18n>,
    );
    const rows = screen.getAllByTestId("batch-row");
    expect(rows.map((row) => row.getAttribute("data-batch-id"))).toEqual(["new", "mid", "old"]);
    expect(within(rows[0]).getByRole("link", { name: "new.csv" }).getAttribute("href")).toBe("/adjustments/new");
    expect(
      within(rows[0])
        .getAllByRole("cell")
        .map((cell) => cell.textContent),
    ).toEqual(["new.csv", "Anna Petrova", "Nov 25, 2026, 8:00 AM UTC", "Running", "12 (2 invalid)", "+$2,999.00 / −$5.00"]);
    expect(within(rows[1]).getByTestId("batch-status").textContent).toBe("Failed");
  });

  it("empty, in Russian: says how to start, and both links in Russian", () => {
    render(
      <WithI18n locale="ru">
        <BatchList batches={[]} />
      </WithI18n>,
    );
    expect(screen.getByText(/^Пакетов пока нет\. Загрузите CSV-файл выше/)).toBeTruthy();
    expect(screen.getByRole("link", { name: "Загрузить CSV" }).getAttribute("href")).toBe("#adjustments-upload");
    expect(screen.getByRole("link", { name: "Скачать пример" })).toBeTruthy();
  });
});

describe("BatchFacts", () => {
  it("status, who, when and the rows in words", () => {
    render(
      <WithI18n locale="ru">
        <BatchFacts summary={batch("b-1", "2026-11-25T08:00:00Z", { rows: 21, valid: 20, invalid: 1, status: "checked" })} />
      </WithI18n>,
    );
    const facts = screen.getByTestId("batch-facts");
    expect([...facts.querySelectorAll("dt")].map((term) => term.textContent)).toEqual(["Статус", "Загрузил(а)", "Загружен", "Строки"]);
    expect([...facts.querySelectorAll("dd")].map((value) => value.textContent)).toEqual([
      "Пробный прогон выполнен",
      "Anna Petrova",
      "25 нояб. 2026 г., 08:00 UTC",
      "21 строка: верных 20, с ошибками 1",
    ]);
  });
});
