import { serializeContactPageParams } from "./contact-params";

/**
 * What the browser shows of a contact (the rest is on the contact page), and the
 * link to it: the contact page uses bot and created to find the contact on a
 * platform without the getContact extension.
 */
export interface ContactRowView {
  id: number;
  botId: number;
  name: string;
  messenger: string;
  messengerId: string | null;
  username: string | null;
  phone: string | null;
  email: string | null;
  avatar: string | null;
  tags: string[];
  createdAt: string;
  unsubscribedAt: string | null;
}

export interface ContactPageView {
  rows: ContactRowView[];
  /** Contacts matching the filters (the page's meta.total). */
  total: number;
  page: number;
  lastPage: number;
  perPage: number;
  /**
   * The search as applied (null without `q`): by the platform's `search` extension;
   * as a contact id (a platform without it, digits); or not at all (a platform
   * without it, text: the rows are the filters' contacts).
   */
  search: { text: string; applied: "platform" | "id" | "none" } | null;
  /**
   * Whether the platform orders by the `sort` extension (lib/api hasContactSort). Without it the
   * rows are by ascending id whatever the URL asks, and the table offers no other order.
   */
  sortable: boolean;
  /** Whether the platform filters by contact ids (lib/api hasContactIdFilter), which exporting selected rows needs. */
  selectable: boolean;
  /** The contacts an export started here holds: the matches when the platform searches, else the filters' contacts. */
  exportTotal: number;
}

/** Where a contact's page is; its bot and creation time, when known, let the page find it on a platform without getContact. */
export function contactHref(contact: { id: number; botId?: number | null; createdAt?: string | null }): string {
  const created = contact.createdAt ? Math.floor(Date.parse(contact.createdAt) / 1000) : Number.NaN;
  return serializeContactPageParams(`/contacts/${contact.id}`, {
    bot: contact.botId ?? null,
    created: Number.isFinite(created) && created > 0 ? created : null,
  });
}
