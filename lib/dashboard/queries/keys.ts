/**
 * Every react-query key of the dashboard, spelled once: the hooks read with
 * them, and every invalidation or cache write after a server action goes
 * through them. Keys nest, so invalidating a prefix refreshes everything
 * below it (`ledger.contact(5)` refreshes that contact's accounts, journals
 * and audit pages).
 */
export const queryKeys = {
  budget: () => ["dashboard", "budget"] as const,
  contacts: {
    all: () => ["contacts"] as const,
    // The contacts feature's page request (its fields are the key: any change is another page).
    page: (request: Readonly<Record<string, unknown>>) => [...queryKeys.contacts.all(), request] as const,
  },
  exports: {
    all: () => ["contact-exports"] as const,
  },
  ledger: {
    contact: (contactId: number) => ["ledger", contactId] as const,
    accounts: (contactId: number) => [...queryKeys.ledger.contact(contactId), "accounts"] as const,
    journal: (contactId: number, accountId: number, page: number) => [...queryKeys.ledger.contact(contactId), "journal", accountId, page] as const,
    audit: (contactId: number, accountId: number, page: number) => [...queryKeys.ledger.contact(contactId), "audit", accountId, page] as const,
  },
  palette: {
    search: (text: string) => ["palette", text] as const,
  },
  listRecords: {
    list: (schemaId: string) => ["list-records", schemaId] as const,
    /** `fields` (the slugs, joined) is part of the key: a changed field set reads the records again. */
    page: (schemaId: string, fields: string, page: number) => [...queryKeys.listRecords.list(schemaId), fields, page] as const,
  },
};
