import "server-only";
import type { PlatformClient } from "./client";
import type { Extension } from "./errors";
import { ContactBatchSchema, ContactSchema, CountSchema, dataOf, paginated, type Contact, type ContactBatch, type Page } from "./schemas";
import { callExtension, callMethod, callMethodWithStatus } from "./transport";

export interface ContactFilters {
  bot_id?: number;
  /** Unix seconds, inclusive. */
  date_from?: number;
  date_to?: number;
}

export interface ContactPageParams extends ContactFilters {
  /** 1 to 500, default 20. */
  count?: number;
  page?: number;
}

export interface ContactOffsetParams extends ContactFilters {
  offset: number;
  /** 1 to 1000, default 100. */
  limit?: number;
}

/** Page mode (`page`, `count`) answers a paginator; offset mode (`offset`, `limit`) a batch with `meta.total`. */
export function getContacts(api: PlatformClient, params: ContactOffsetParams): Promise<ContactBatch>;
export function getContacts(api: PlatformClient, params?: ContactPageParams): Promise<Page<Contact>>;
export function getContacts(api: PlatformClient, params: ContactPageParams | ContactOffsetParams = {}): Promise<Page<Contact> | ContactBatch> {
  if ("offset" in params) return callMethod(api, "getContacts", { ...params }, ContactBatchSchema);
  return callMethod(api, "getContacts", { ...params }, paginated(ContactSchema));
}

export async function getNumberOfContacts(api: PlatformClient, params: ContactFilters = {}): Promise<number> {
  return (await callMethod(api, "getNumberOfContacts", { ...params }, CountSchema)).count;
}

export interface ContactUpsert {
  bot_id: number;
  messenger: "telegram" | "max" | "viber" | "vk";
  name: string;
  telegram_id?: number | string;
  telegram_username?: string;
  max_id?: number;
  max_username?: string;
  vk_id?: number;
  viber_id?: string;
  phone?: string;
  email?: string;
  address?: string;
  tags?: string[];
}

/** `created` is true on 201 (a new contact), false on 200 (an existing one updated). */
export async function createOrUpdateContact(api: PlatformClient, params: ContactUpsert): Promise<{ contact: Contact; created: boolean }> {
  const { status, body } = await callMethodWithStatus(api, "createOrUpdateContact", { ...params }, dataOf(ContactSchema));
  return { contact: body.data, created: status === 201 };
}

/** Extension: one contact by id. Without it, see findContactWithoutExtension in the contact page's loader. */
export function getContact(api: PlatformClient, params: { contact_id: number }): Promise<Extension<Contact>> {
  return callExtension(api, "getContact", async () => (await callMethod(api, "getContact", params, dataOf(ContactSchema))).data);
}

export type { Contact, ContactBatch };
