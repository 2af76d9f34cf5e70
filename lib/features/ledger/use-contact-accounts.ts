"use client";

import { useCallback, useMemo } from "react";
import type { AccountView } from "@/lib/features/ledger/types";
import { fetchJson } from "@/lib/core/actions/fetch-json";
import { apiUrl } from "../../dashboard/queries/api-url";
import { queryKeys } from "../../dashboard/queries/keys";
import { useDashboardQuery, useDashboardQueryClient } from "../../dashboard/queries/query-client";

const contactAccountsUrl = (contactId: number): string => apiUrl("/api/dashboard/ledger/accounts", { contactId });

/** A contact's accounts (internal balances) in opening order; the server-rendered list seeds the cache. */
export function useContactAccounts(contactId: number, { initialAccounts, enabled = true }: { initialAccounts?: AccountView[] | null; enabled?: boolean } = {}) {
  return useDashboardQuery({
    queryKey: queryKeys.ledger.accounts(contactId),
    queryFn: async ({ signal }) => (await fetchJson<{ accounts: AccountView[] }>(contactAccountsUrl(contactId), { signal })).accounts,
    initialData: initialAccounts ?? undefined,
    enabled,
  });
}

/** Put `changed` into a list of accounts: in its place when it is there, at the end when it is new. */
export function withAccount(accounts: AccountView[] | undefined, changed: AccountView): AccountView[] | undefined {
  if (!accounts) return accounts;
  return accounts.some((account) => account.id === changed.id)
    ? accounts.map((account) => (account.id === changed.id ? changed : account))
    : [...accounts, changed];
}

/**
 * After a ledger operation (a server action): `putAccount` shows the account
 * exactly as the platform answered at once, `refresh` reads the contact's
 * accounts, journals and audit pages again.
 */
export function useLedgerUpdates(contactId: number) {
  const queryClient = useDashboardQueryClient();
  const refresh = useCallback(() => queryClient.invalidateQueries({ queryKey: queryKeys.ledger.contact(contactId) }), [queryClient, contactId]);
  const putAccount = useCallback(
    (changed: AccountView) => queryClient.setQueryData<AccountView[]>(queryKeys.ledger.accounts(contactId), (current) => withAccount(current, changed)),
    [queryClient, contactId],
  );
  return useMemo(() => ({ refresh, putAccount }), [refresh, putAccount]);
}
