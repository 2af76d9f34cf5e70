import { describe, expect, it } from "vitest";
import { render, screen, within } from "@testing-library/react";
import type { BatchProgressView, RowRefView } from "@/lib/features/adjustments/views";
import { WithI18n } from "@/components/testing/with-i18n";
import { BatchResult } from "./batch-result";

const PROGRESS: BatchProgressView = { total: 3000, done: 3000, ok: 2990, failed: 7, unknown: 3, cancelled: 0 };
const UNKNOWN: RowRefView[] = [
  { line: 15, contactId: 1042, currency: "USD", direction: "debit", amountMinor: "1250" },
  { line: 40, contactId: 7, currency: "EUR", direction: "top_up", amountMinor: "500" },
];

describe("BatchResult", () => {
  it("final counts, the result file's link, and the unknown rows explained with a link to each contact", () => {
    render(
      <WithI18n>
        <BatchResult
          summary={{ status: "finished", fileName: "promo.csv", invalid: 4, progress: PROGRESS }}
          downloadHref="/api/dashboard/adjustments/b-1/result"
          unknown={{ items: UNKNOWN, total: 3 }}
        />
      </WithI18n>,
    );
    expect(screen.getByTestId("count-ok").textContent).toBe("Applied2,990");
    expect(screen.getByTestId("count-failed").textContent).toBe("Refused7");
    expect(screen.getByTestId("count-skipped").textContent).toBe("Invalid, left out4");
    expect(screen.getByRole("link", { name: "Download the result (CSV)" }).getAttribute("href")).toBe("/api/dashboard/adjustments/b-1/result");
    const unknown = screen.getByTestId("result-unknown");
    expect(screen.getByText("3 rows have an unknown outcome")).toBeTruthy();
    expect(within(unknown).getByText("The platform did not answer; check the account before doing it again.")).toBeTruthy();
    const [first] = within(unknown).getAllByTestId("unknown-row");
    expect(first.textContent).toBe("Line 15: Debit of $12.50 — check contact 1042");
    expect(within(first).getByRole("link", { name: "check contact 1042" }).getAttribute("href")).toBe("/contacts/1042");
    expect(within(unknown).getByText("…and 1 more row: see the result file.")).toBeTruthy();
  });

  it("no unknown rows: no warning", () => {
    render(
      <WithI18n>
        <BatchResult
          summary={{ status: "cancelled", fileName: "promo.csv", invalid: 0, progress: { ...PROGRESS, unknown: 0, cancelled: 10 } }}
          downloadHref="/r"
          unknown={{ items: [], total: 0 }}
        />
      </WithI18n>,
    );
    expect(screen.queryByTestId("result-unknown")).toBeNull();
    expect(screen.getByTestId("batch-status").textContent).toBe("Cancelled");
  });
});
