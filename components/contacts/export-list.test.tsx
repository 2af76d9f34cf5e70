import { describe, expect, it } from "vitest";
import { render, screen } from "@testing-library/react";
import { QueryClientProvider } from "@tanstack/react-query";
import { WithI18n } from "@/components/testing/with-i18n";
import { createQueryClient } from "@/lib/dashboard/queries/query-client";
import type { Locale } from "@/lib/i18n/config";
import { serveJsonToTheBrowser } from "@/lib/testing/json-server";
import { ExportList } from "./export-list";

const server = serveJsonToTheBrowser();

function renderList(props: { startHref?: string }, locale: Locale = "en") {
  render(
    <WithI18n locale={locale}>
      <QueryClientProvider client={createQueryClient()}>
        <ExportList {...props} />
      </QueryClientProvider>
    </WithI18n>,
  );
}

describe("ExportList with no export", () => {
  it("away from the contacts page: how an export is made, and a link to the page that makes it", async () => {
    server.answer = () => ({ body: { data: [] } });
    renderList({ startHref: "/contacts" });
    const empty = await screen.findByTestId("exports-empty");
    expect(empty.textContent).toContain("No exports in the last 24 hours. Choose the contacts");
    expect(screen.getByRole("link", { name: "Export contacts" }).getAttribute("href")).toBe("/contacts");
    expect(server.requests).toEqual(["/api/dashboard/contacts/exports"]);
  });

  it("beside the export itself: the fact only, no link to the page already open", async () => {
    server.answer = () => ({ body: { data: [] } });
    renderList({});
    expect((await screen.findByTestId("exports-empty")).textContent).toBe("No exports in the last 24 hours.");
    expect(screen.queryByRole("link")).toBeNull();
  });

  it("in Russian", async () => {
    server.answer = () => ({ body: { data: [] } });
    renderList({ startHref: "/contacts" }, "ru");
    await screen.findByTestId("exports-empty");
    expect(screen.getByRole("link", { name: "Выгрузить контакты" }).getAttribute("href")).toBe("/contacts");
  });
});
