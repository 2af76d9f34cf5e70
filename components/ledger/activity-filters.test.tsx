import { describe, expect, it } from "vitest";
import { render, screen, within } from "@testing-library/react";
import { translator } from "@/lib/i18n/translate";
import { loadActivitySearchParams, activityFilterValues } from "@/lib/features/ledger/activity-filters";
import { WithI18n } from "@/components/testing/with-i18n";
import { ActivityFilters } from "./activity-filters";

const users = [{ id: 7, email: "anna@example.com", name: "Anna Petrova" }];

function renderFor(query: string, locale: "en" | "ru" = "en") {
  const params = loadActivitySearchParams(new URLSearchParams(query));
  return render(
    <WithI18n locale={locale}>
      <ActivityFilters users={users} values={activityFilterValues(params)} params={params} contactName="Ivan" t={translator(locale)} />
    </WithI18n>,
  );
}

describe("ActivityFilters", () => {
  it("no filter in force: the Filters menu alone, no chip, no Clear", () => {
    renderFor("page=3");
    expect(screen.getByText("Filters")).toBeTruthy();
    expect(screen.queryByTestId("activity-filters-count")).toBeNull();
    expect(screen.queryAllByTestId(/^filter-chip-/)).toEqual([]);
    expect(screen.queryByRole("link", { name: "Clear filters" })).toBeNull();
  });

  it("a chip per filter in force, named as the reader knows it; each drops its own filter and the page", () => {
    renderFor("user=7&contact=42&kind=debit&from=2026-01-02&page=3");
    expect(screen.getByTestId("activity-filters-count").textContent).toBe("4");
    const chips = screen.getAllByTestId(/^filter-chip-/);
    expect(chips.map((chip) => chip.textContent)).toEqual([
      "Member:Anna Petrova (anna@example.com)×remove this filter",
      "Contact ID:Ivan (42)×remove this filter",
      "Operation:Debit×remove this filter",
      "From date (UTC):2026-01-02×remove this filter",
    ]);
    const hrefs = chips.map((chip) => new URL(chip.getAttribute("href")!, "http://x"));
    expect(hrefs.map((href) => [...href.searchParams.keys()].sort().join(","))).toEqual([
      "contact,from,kind",
      "from,kind,user",
      "contact,from,user",
      "contact,kind,user",
    ]);
    expect(screen.getByRole("link", { name: "Clear filters" }).getAttribute("href")).toBe("/activity");
  });

  it("a batch filter (from a batch's page) shows as a chip and survives applying the form", () => {
    const batch = "0b0c6a9e-2f4d-4c1b-9a55-5c3f5e7d8a10";
    renderFor(`batch=${batch}`, "ru");
    expect(screen.getByTestId("filter-chip-batch").textContent).toBe("Массовая операция:0b0c6a9e×убрать этот фильтр");
    const form = screen.getByRole("form", { name: "Фильтры" });
    expect((within(form).getByDisplayValue(batch) as HTMLInputElement).name).toBe("batch");
  });
});
