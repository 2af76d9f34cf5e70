import "server-only";

/** The dashboard's only way to the platform; server code only. */
export { PlatformClient, connectPlatform, type ClientOptions, type WaitNotice } from "./client";
export { PlatformApiError, isPlatformApiError, isConnectionProblem, type ConnectionProblem, type Extension, type FieldErrors } from "./errors";
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
  type NewListField,
  type FieldType,
} from "./lists";
export {
  getContactAccounts,
  addContactAccount,
  deleteContactAccount,
  addFundsToContactAccount,
  withdrawFundsFromContactAccount,
  getContactAccountJournal,
  type MoneyMovement,
} from "./accounts";
export {
  getContacts,
  getNumberOfContacts,
  createOrUpdateContact,
  getContact,
  type ContactFilters,
  type ContactPageParams,
  type ContactOffsetParams,
  type ContactUpsert,
} from "./contacts";
export type { Contact, ContactAccount, ContactBatch, JournalEntry, ListField, ListItem, ListSchema, Page } from "./schemas";
export { describeConnection, defaultBaseUrl, type ConnectionInfo } from "./connection";
export { readBudget, type BudgetView, type Lane } from "./budget";
export { cached, remember, invalidate, noteFailure, CacheEntry, CacheTtlMs, CACHE_ENTRY_NAME, type Cached } from "./cache";
