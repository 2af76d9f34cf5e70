import "server-only";
import { isPlatformOutage, type PlatformClient } from "@/lib/api";
import type { Db } from "@/lib/db/client";
import type { Locale } from "@/lib/i18n/config";
import type { Translate } from "@/lib/i18n/types";
import { botLabel } from "@/lib/features/contacts/bot-names";
import { DEFAULT_CONTACT_SORT, NO_FILTERS } from "@/lib/features/contacts/browser-params";
import { rememberContactNames } from "@/lib/features/contacts/contact-names";
import { findContactMatches, loadBotOptions } from "@/lib/features/contacts/load-contacts";
import { contactHref } from "@/lib/features/contacts/rows";
import { applyListQuery } from "@/lib/features/lists/list-query";
import { loadAllLists } from "@/lib/features/lists/load-lists";
import { PALETTE_RESULTS, type PaletteSearchResult } from "./search-result";

/**
 * The palette's search: the contact browser's own first page for the text
 * (findContactMatches: the `search` extension, or the id lookup without it) named
 * with the bots' names, and the cached lists whose name holds the text. A
 * platform that cannot search text gives no contacts rather than every contact.
 */
export async function searchPalette(
  api: PlatformClient,
  db: Db,
  input: { q: string; withLists: boolean; locale: Locale; t: Translate },
): Promise<PaletteSearchResult> {
  const [page, bots, lists] = await Promise.all([
    // The platform not answering, the palette still finds lists (kept by the dashboard) and says why no contacts.
    findContactMatches(api, { ...NO_FILTERS, q: input.q, sort: DEFAULT_CONTACT_SORT, page: 1, size: 20 }, "UTC").catch((error: unknown) => {
      if (isPlatformOutage(error)) return null;
      throw error;
    }),
    loadBotOptions(api, input.t).catch((error: unknown) => {
      if (isPlatformOutage(error)) return { bots: null };
      throw error;
    }),
    input.withLists ? loadAllLists(api).catch((error: unknown) => (isPlatformOutage(error) ? null : Promise.reject(error))) : null,
  ]);
  const contactSearch = page ? (page.search?.applied ?? "none") : "unavailable";
  const rows = page && contactSearch !== "none" ? page.rows.slice(0, PALETTE_RESULTS) : [];
  await rememberContactNames(db, rows);
  const found = lists ? applyListQuery(lists.value, { q: input.q, sort: "name", dir: "asc", page: 1 }, { projects: [] }, input.locale) : [];
  return {
    contacts: rows.map((row) => ({
      id: row.id,
      name: row.name.trim() || input.t("palette.contact_unnamed", { id: row.id }),
      bot: botLabel(bots.bots, row.botId, input.t),
      href: contactHref(row),
    })),
    contactSearch,
    lists: found.slice(0, PALETTE_RESULTS).map((list) => ({ id: list.id, name: list.name, href: `/lists/${encodeURIComponent(list.id)}` })),
  };
}
