import "server-only";
import { getContactAccountJournal, getContactAccounts, type PlatformClient } from "@/lib/api";
import type { Db } from "@/lib/db/client";
import { ensureContactName } from "@/lib/features/contacts/contact-names";
import { recordContactView } from "./audit";
import { toAccountView, toJournalView } from "./outcome";
import type { AccountView, JournalEntryView, PageOf } from "./types";

/**
 * The contact's accounts in opening order; opening them counts as "contact
 * opened" for the viewer's activity, and makes sure Activity can name the contact.
 */
export async function loadContactAccounts(db: Db, api: PlatformClient, viewerId: number, contactId: number): Promise<AccountView[]> {
  const accounts = await readContactAccounts(api, contactId);
  await noteContactOpened(db, api, viewerId, contactId);
  return accounts;
}

/** The contact's accounts in opening order, the platform's read alone (a page may start it early; see noteContactOpened). */
export async function readContactAccounts(api: PlatformClient, contactId: number): Promise<AccountView[]> {
  return (await getContactAccounts(api, { contact_id: contactId })).map(toAccountView);
}

/** What opening a contact's accounts records: "contact opened" for the viewer's activity, and the contact's name for Activity. */
export async function noteContactOpened(db: Db, api: PlatformClient, viewerId: number, contactId: number): Promise<void> {
  await Promise.all([recordContactView(db, viewerId, contactId), ensureContactName(db, api, contactId)]);
}

export type JournalPage = { available: true; page: PageOf<JournalEntryView> } | { available: false };

/** One page (newest first) of the platform's journal, or "not available" on a platform without the extension. */
export async function loadJournal(api: PlatformClient, accountId: number, page: number): Promise<JournalPage> {
  const journal = await getContactAccountJournal(api, { account_id: accountId, page });
  if (!journal.available) return { available: false };
  const { data, meta } = journal.data;
  return { available: true, page: { items: data.map(toJournalView), page: meta.current_page, pages: Math.max(1, meta.last_page), total: meta.total } };
}
