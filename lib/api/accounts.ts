import "server-only";
import { z } from "zod";
import type { PlatformClient } from "./client";
import type { Extension } from "./errors";
import { ContactAccountSchema, JournalEntrySchema, dataOf, paginated, type ContactAccount, type JournalEntry, type Page } from "./schemas";
import { callExtension, callMethod, callMethodWithoutBody } from "./transport";

/** In the order the accounts were opened. */
export async function getContactAccounts(api: PlatformClient, params: { contact_id: number }): Promise<ContactAccount[]> {
  return (await callMethod(api, "getContactAccounts", params, dataOf(z.array(ContactAccountSchema)))).data;
}

/** 422 `currency_exists` on `currency` when the contact has one already. */
export async function addContactAccount(api: PlatformClient, params: { contact_id: number; currency: string }): Promise<ContactAccount> {
  return (await callMethod(api, "addContactAccount", params, dataOf(ContactAccountSchema))).data;
}

/** 422 `account_not_empty` unless the balance is 0. */
export async function deleteContactAccount(api: PlatformClient, params: { account_id: number }): Promise<void> {
  await callMethodWithoutBody(api, "deleteContactAccount", params);
}

export interface MoneyMovement {
  account_id: number;
  /** Minor units, 1 to 10^14. */
  amount: bigint;
  description: string;
}

export async function addFundsToContactAccount(api: PlatformClient, params: MoneyMovement): Promise<ContactAccount> {
  return (await callMethod(api, "addFundsToContactAccount", { ...params }, dataOf(ContactAccountSchema))).data;
}

/** 422 `account_blocked` or `insufficient_funds` on `account_id`; nothing changes then. */
export async function withdrawFundsFromContactAccount(api: PlatformClient, params: MoneyMovement): Promise<ContactAccount> {
  return (await callMethod(api, "withdrawFundsFromContactAccount", { ...params }, dataOf(ContactAccountSchema))).data;
}

/** Extension: the account's journal, newest first, 50 per page. */
export function getContactAccountJournal(api: PlatformClient, params: { account_id: number; page?: number }): Promise<Extension<Page<JournalEntry>>> {
  return callExtension(api, "getContactAccountJournal", () => callMethod(api, "getContactAccountJournal", params, paginated(JournalEntrySchema)));
}

export type { ContactAccount, JournalEntry };
