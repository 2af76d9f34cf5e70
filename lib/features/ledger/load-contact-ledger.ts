import "server-only";
import { getDb } from "@/lib/db/client";
import { findContactNames } from "@/lib/features/contacts/contact-names";

/** What the ledger's own page says of its contact. */
export interface ContactLedgerView {
  /** The contact's name as the dashboard's directory knows it, else its id as the URL has it. */
  contact: string;
}

/** The ledger page of a contact (`contactId`: the route's segment, already checked to be one): its contact's name, from the dashboard's directory. */
export async function loadContactLedger(contactId: string): Promise<ContactLedgerView> {
  const names = await findContactNames(await getDb(), [Number(contactId)]);
  return { contact: names.get(Number(contactId)) ?? contactId };
}
