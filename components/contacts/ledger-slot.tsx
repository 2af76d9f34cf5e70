import type { Contact } from "@/lib/api";
import { LedgerSection, preloadLedgerSection } from "@/components/ledger/ledger-section";

/**
 * The contact page's slot for the account ledger panel (issue 9). The contact
 * page renders <LedgerSlot contact={…} /> below the contact's fields and knows
 * nothing else about the ledger: the panel (components/ledger) loads the
 * contact's accounts itself, on the server, and records that the viewer opened
 * the contact (which decides whose activity they see).
 */
export function LedgerSlot({ contact }: { contact: Contact }) {
  return <LedgerSection contactId={contact.id} />;
}

/** Starts the panel's platform read while the contact page loads the contact (the panel renders once the contact is found). */
export function preloadLedgerSlot(contactId: number): void {
  preloadLedgerSection(contactId);
}
