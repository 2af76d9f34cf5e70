import "server-only";

/** The dashboard's only way to the platform; server code only. */
export { PlatformClient, connectPlatform, type WaitNotice } from "./client";
export { PlatformApiError, isPlatformApiError, isPlatformOutage, isConnectionProblem } from "./errors";
export { breakerFor, breakerViews } from "./breaker";
export { getMe, type Me } from "./me";
export {
  getListSchemas,
  getListSchema,
  createListSchema,
  deleteListSchema,
  addListSchemaField,
  deleteListSchemaField,
  getListItems,
  addListItem,
  updateListItem,
  deleteListItem,
} from "./lists";
export {
  getContactAccounts,
  addContactAccount,
  deleteContactAccount,
  addFundsToContactAccount,
  withdrawFundsFromContactAccount,
  getContactAccountJournal,
} from "./accounts";
export { getContacts, getContact, getNumberOfContacts, hasContactIdFilter, hasContactSearch, hasContactSort, type ContactFilters } from "./contacts";
export { getContactStatistics, getContactAccountStatistics, type StatisticsRange } from "./statistics";
export type { ContactStatistics, ContactAccountStatistics } from "./schemas";
export type { Contact, ContactAccount, ContactBatch, JournalEntry, ListItem, ListSchema } from "./schemas";
export { describeConnection, defaultBaseUrl } from "./connection";
export { readBudget } from "./budget";
export { cached, remember, invalidate, noteFailure, CacheEntry, CacheTtlMs, CACHE_ENTRY_NAME, type Cached } from "./cache";
