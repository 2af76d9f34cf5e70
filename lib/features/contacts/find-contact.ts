import "server-only";
import { getContact, getContacts, isPlatformApiError, type Contact, type PlatformClient } from "@/lib/api";

export type FoundContact =
  { found: true; contact: Contact; via: "getContact" | "getContacts" } | { found: false; reason: "not_found" | "forbidden" | "needs_hint" };

/** Offset batches the fallback reads among contacts created in the same second (generated data can have many). */
const FALLBACK_BATCHES = 5;
const BATCH = 1000;

/**
 * One contact: the getContact extension where the platform has it; otherwise
 * (gaps.md) getContacts of the contact's bot with date_from = date_to = its
 * creation second, picking the id. The browser's row links carry both hints.
 */
export async function findContact(api: PlatformClient, contactId: number, hint: { botId: number | null; created: number | null }): Promise<FoundContact> {
  try {
    const result = await getContact(api, { contact_id: contactId });
    if (result.available) return { found: true, contact: result.data, via: "getContact" };
  } catch (error) {
    if (isPlatformApiError(error) && error.status === 404) return { found: false, reason: "not_found" };
    if (isPlatformApiError(error) && error.status === 403) return { found: false, reason: "forbidden" };
    throw error;
  }
  if (hint.botId === null || hint.created === null) return { found: false, reason: "needs_hint" };
  for (let batch = 0; batch < FALLBACK_BATCHES; batch++) {
    const page = await getContacts(api, { bot_id: hint.botId, date_from: hint.created, date_to: hint.created, offset: batch * BATCH, limit: BATCH });
    const contact = page.data.find((candidate) => candidate.id === contactId);
    if (contact) return { found: true, contact, via: "getContacts" };
    if (page.data.length < BATCH || page.data.at(-1)!.id > contactId) break;
  }
  return { found: false, reason: "not_found" };
}
