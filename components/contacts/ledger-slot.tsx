import type { Contact } from "@/lib/api";

/**
 * The contact page's slot for the account ledger panel (issue 9). The contact
 * page renders <LedgerSlot contact={…} /> below the contact's fields and knows
 * nothing else about the ledger: the ledger's engineer owns this file and
 * replaces the body (a server component; the whole contact object is passed).
 */
export function LedgerSlot({ contact }: { contact: Contact }) {
  void contact;
  return null;
}
