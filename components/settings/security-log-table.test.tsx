import { describe, expect, it } from "vitest";
import { render, screen } from "@testing-library/react";
import { WithI18n } from "@/components/testing/with-i18n";
import type { Locale } from "@/lib/i18n/config";
import type { SecurityLogParams } from "@/lib/features/settings/security-log-params";
import { SecurityLogTable } from "./security-log-table";

function renderEmpty(params: SecurityLogParams, locale: Locale = "en") {
  render(
    <WithI18n locale={locale}>
      <SecurityLogTable rows={[]} params={params} page={1} pages={1} />
    </WithI18n>,
  );
  return screen.getByTestId("security-empty");
}

describe("SecurityLogTable with no event", () => {
  it("under a filter: a link that clears the filters", () => {
    const empty = renderEmpty({ kind: "sign_in_failed", user: null, page: 1 });
    expect(empty.textContent).toContain("No event matches.");
    expect(screen.getByRole("link", { name: "Clear filters" }).getAttribute("href")).toBe("/settings/security");
  });

  it("without a filter: nothing to clear, no link", () => {
    renderEmpty({ kind: null, user: null, page: 1 }, "ru");
    expect(screen.queryByRole("link", { name: "Сбросить фильтры" })).toBeNull();
  });
});
