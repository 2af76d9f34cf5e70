import "server-only";
import { z } from "zod";
import { randomBytes } from "node:crypto";
import { CacheEntry, CacheTtlMs, cached } from "./cache";
import type { PlatformClient } from "./client";
import { isPlatformApiError, type Extension } from "./errors";
import { ContactBatchSchema, ContactPageSchema, ContactSchema, CountSchema, dataOf, type Contact, type ContactBatch, type Page } from "./schemas";
import { callExtension, callMethod, callMethodWithStatus } from "./transport";

export interface ContactFilters {
  bot_id?: number;
  /** Unix seconds, inclusive. */
  date_from?: number;
  date_to?: number;
  /** Extension (README): only the contacts whose name, email, username, phone or ids match. A platform without it ignores it. */
  search?: string;
  /** Extension (README): only these contacts (1 to 1,000 ids). A platform without it ignores it: ask hasContactIdFilter first. */
  contact_ids?: number[];
}

/** Extension (README): the list's order; a platform without it ignores it and answers by ascending id. */
export type ContactSort = "id" | "-id" | "created_at" | "-created_at";

export interface ContactPageParams extends ContactFilters {
  sort?: ContactSort;
  /** 1 to 500, default 20. */
  count?: number;
  page?: number;
}

export interface ContactOffsetParams extends ContactFilters {
  sort?: ContactSort;
  offset: number;
  /** 1 to 1000, default 100. */
  limit?: number;
}

/** Page mode (`page`, `count`) answers a paginator; offset mode (`offset`, `limit`) a batch with `meta.total`. */
export function getContacts(api: PlatformClient, params: ContactOffsetParams): Promise<ContactBatch>;
export function getContacts(api: PlatformClient, params?: ContactPageParams): Promise<Page<Contact>>;
export function getContacts(api: PlatformClient, params: ContactPageParams | ContactOffsetParams = {}): Promise<Page<Contact> | ContactBatch> {
  if ("offset" in params) return callMethod(api, "getContacts", { ...params }, ContactBatchSchema);
  return callMethod(api, "getContacts", { ...params }, ContactPageSchema);
}

export async function getNumberOfContacts(api: PlatformClient, params: ContactFilters = {}): Promise<number> {
  return (await callMethod(api, "getNumberOfContacts", { ...params }, CountSchema)).count;
}

/** Thrown by the probe when the answer cannot tell (no contacts at all): nothing is cached, the next read asks again. */
class UndecidedProbe extends Error {}

/**
 * Whether the platform filters by the `search` extension (README): a platform
 * without it ignores the parameter and counts every contact. The probe is a text
 * no contact can match; the answer is kept in the platform cache like getMe.
 * With no contacts at all either platform answers 0: then search is taken as
 * supported (it cannot show a wrong row) and the answer is not kept.
 */
export async function hasContactSearch(api: PlatformClient): Promise<boolean> {
  const probe = async () => {
    if ((await getNumberOfContacts(api, { search: `probe-${randomBytes(15).toString("hex")}` })) > 0) return false;
    if ((await getNumberOfContacts(api)) > 0) return true;
    throw new UndecidedProbe();
  };
  try {
    return (await cached(api, CacheEntry.contactSearch, CacheTtlMs.contactSearch, probe)).value;
  } catch (error) {
    if (error instanceof UndecidedProbe) return true;
    throw error;
  }
}

/**
 * Whether the platform reads a parameter extension that refuses bad values: a platform with it
 * answers `invalid` with a 422 on that key; one without it ignores the parameter and answers. One
 * request, kept in the platform cache like hasContactSearch.
 */
async function refusesInvalidParam(
  api: PlatformClient,
  entry: { name: string; ttlMs: number },
  method: "getContacts" | "getNumberOfContacts",
  key: string,
  invalid: Record<string, unknown>,
): Promise<boolean> {
  const probe = async () => {
    try {
      await callMethod(api, method, invalid, z.unknown());
      return false;
    } catch (error) {
      if (isPlatformApiError(error) && error.status === 422 && key in error.fieldErrors) return true;
      throw error;
    }
  };
  return (await cached(api, entry.name, entry.ttlMs, probe)).value;
}

/** Whether getContacts orders by the `sort` extension (README): one request of one contact with `sort=?`. */
export function hasContactSort(api: PlatformClient): Promise<boolean> {
  return refusesInvalidParam(api, { name: CacheEntry.contactSort, ttlMs: CacheTtlMs.contactSort }, "getContacts", "sort", { sort: "?", count: 1 });
}

/**
 * Whether getContacts and getNumberOfContacts filter by the `contact_ids` extension (README). A platform
 * without it ignores the parameter and would count (or export) every contact: ask before sending ids.
 */
export function hasContactIdFilter(api: PlatformClient): Promise<boolean> {
  return refusesInvalidParam(api, { name: CacheEntry.contactIds, ttlMs: CacheTtlMs.contactIds }, "getNumberOfContacts", "contact_ids", { contact_ids: "?" });
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
