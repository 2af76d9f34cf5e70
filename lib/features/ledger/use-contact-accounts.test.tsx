import { describe, expect, test } from "vitest";
import { act, waitFor } from "@testing-library/react";
import type { AccountView } from "@/lib/features/ledger/types";
import { serveJsonToTheBrowser } from "@/lib/testing/json-server";
import { renderWithQueryClient } from "@/lib/testing/query-client";
import { queryKeys } from "../../dashboard/queries/keys";
import { useAccountAudit, useAccountJournal } from "./use-account-history";
import { useContactAccounts, useLedgerUpdates, withAccount } from "./use-contact-accounts";

const account = (id: number, currency: string, amount: string): AccountView => ({
  id,
  currency,
  amount,
  amountNote: "",
  createdAt: "2026-01-01T00:00:00+00:00",
  updatedAt: "2026-01-01T00:00:00+00:00",
  blockedAt: null,
});

const server = serveJsonToTheBrowser();

describe("useContactAccounts and useLedgerUpdates", () => {
  test("reads the contact's accounts from the ledger route", async () => {
    server.answer = () => ({ body: { accounts: [account(1, "USD", "1000")] } });
    const { result } = renderWithQueryClient(() => useContactAccounts(42));
    await waitFor(() => expect(result.current.data).toEqual([account(1, "USD", "1000")]));
    expect(server.requests).toEqual(["/api/dashboard/ledger/accounts?contactId=42"]);
  });

  test("the server-rendered accounts show at once; a disabled hook never asks", async () => {
    server.answer = () => ({ body: { accounts: [] } });
    const { result } = renderWithQueryClient(() => useContactAccounts(42, { initialAccounts: [account(1, "USD", "5")], enabled: false }));
    expect(result.current.data).toEqual([account(1, "USD", "5")]);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(server.requests).toEqual([]);
  });

  test("after an operation the changed account shows at once, then every ledger query of the contact is read again", async () => {
    let balance = "1000";
    server.answer = (url) =>
      url.pathname.endsWith("/accounts")
        ? { body: { accounts: [account(1, "USD", balance)] } }
        : { body: { items: [], page: Number(url.searchParams.get("page")), pages: 1, total: 0 } };
    // The hook reads what a component would render (react-query re-renders for the properties read during render).
    const { result } = renderWithQueryClient(() => ({
      accounts: useContactAccounts(42).data,
      audit: useAccountAudit(42, 1, 1).data,
      updates: useLedgerUpdates(42),
    }));
    await waitFor(() => expect(result.current.accounts && result.current.audit).toBeTruthy());
    expect(server.requests.sort()).toEqual(["/api/dashboard/ledger/accounts?contactId=42", "/api/dashboard/ledger/audit?contactId=42&accountId=1&page=1"]);

    act(() => void result.current.updates.putAccount(account(2, "EUR", "0")));
    await waitFor(() => expect(result.current.accounts).toEqual([account(1, "USD", "1000"), account(2, "EUR", "0")]));
    expect(server.requests).toHaveLength(2);

    balance = "1500";
    await act(() => result.current.updates.refresh());
    await waitFor(() => expect(result.current.accounts).toEqual([account(1, "USD", "1500")]));
    expect(server.requests).toHaveLength(4);
  });

  test("withAccount replaces an account in place and appends a new one", () => {
    const list = [account(1, "USD", "1"), account(2, "EUR", "2")];
    expect(withAccount(list, account(1, "USD", "9"))).toEqual([account(1, "USD", "9"), account(2, "EUR", "2")]);
    expect(withAccount(list, account(3, "RUB", "0"))).toEqual([...list, account(3, "RUB", "0")]);
    expect(withAccount(undefined, account(3, "RUB", "0"))).toBeUndefined();
  });
});

describe("useAccountJournal", () => {
  test("reads a page of the journal; a platform without it says so", async () => {
    server.answer = () => ({ body: { available: false } });
    const { result, client } = renderWithQueryClient(() => useAccountJournal(42, 7, 2));
    await waitFor(() => expect(result.current.data).toEqual({ available: false }));
    expect(server.requests).toEqual(["/api/dashboard/ledger/journal?accountId=7&page=2"]);
    expect(client.getQueryData(queryKeys.ledger.journal(42, 7, 2))).toEqual({ available: false });
  });
});
