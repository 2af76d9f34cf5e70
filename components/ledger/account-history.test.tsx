import { describe, expect, it } from "vitest";
import { render, screen } from "@testing-library/react";
import { QueryClientProvider } from "@tanstack/react-query";
import { WithI18n } from "@/components/testing/with-i18n";
import { DashboardProviders } from "@/components/shell/providers";
import { permissionsOf, type Role } from "@/lib/auth/permissions";
import { createQueryClient } from "@/lib/dashboard/queries/query-client";
import { serveJsonToTheBrowser } from "@/lib/testing/json-server";
import { AccountHistory } from "./account-history";

const server = serveJsonToTheBrowser();
const account = { id: 7, currency: "EUR", amount: "0", amountNote: "", createdAt: "2026-11-01T08:00:00Z", updatedAt: "2026-11-01T08:00:00Z", blockedAt: null };
const emptyPage = { items: [], page: 1, pages: 1, total: 0 };

function renderHistory(role: Role) {
  server.answer = (url) => ({ body: url.pathname.endsWith("/journal") ? { available: true, page: emptyPage } : emptyPage });
  render(
    <WithI18n>
      <QueryClientProvider client={createQueryClient()}>
        <DashboardProviders viewer={{ id: 1, email: `${role}@example.com`, name: role, role, permissions: permissionsOf(role) }}>
          <AccountHistory contactId={42} account={account} />
        </DashboardProviders>
      </QueryClientProvider>
    </WithI18n>,
  );
}

describe("AccountHistory with an empty journal", () => {
  it("a member who moves money: the account's top-up or debit makes the first entry", async () => {
    renderHistory("support");
    expect(await screen.findByText("No journal entries yet. A top-up or a debit of this account makes the first one.")).toBeTruthy();
  });

  it("a lead, who does not: the fact only", async () => {
    renderHistory("lead");
    expect(await screen.findByText("No journal entries yet.")).toBeTruthy();
    expect(screen.queryByText(/makes the first one/)).toBeNull();
  });
});
