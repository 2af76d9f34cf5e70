import { createLoader, createParser, createSerializer, parseAsNumberLiteral, parseAsStringLiteral, type inferParserType } from "nuqs/server";
import { parseAsPositiveInteger, parseAsText } from "@/lib/core/url-state/parsers";
import { daysToUnixRange, isDay } from "./time-zone";

/**
 * The contact browser's URL, one typed parser map for the server loader (the
 * page and the route handler) and the client (useUrlState):
 *
 *   /contacts?q=ivan&bot=101&from=2025-01-01&to=2025-01-31&sort=-created_at&page=3&size=50
 *
 * Parsing is tolerant: a value that does not parse is the default (no search, no
 * bot, no date, by ascending id, page 1, 20 per page), so a hand-edited or stale URL never crashes.
 * The search `q` is trimmed and cut to the platform's 200 characters; blank is none.
 */
export const PAGE_SIZES = [20, 50, 100, 500] as const;
export type PageSize = (typeof PAGE_SIZES)[number];
const DEFAULT_PAGE_SIZE: PageSize = 20;
/** A calendar day, YYYY-MM-DD, of the viewer's time zone. */
const parseAsDay = createParser({
  parse: (value: string) => (isDay(value) ? value : null),
  serialize: (value: string) => value,
});

/** The orders of the platform's `sort` extension (README, API extensions); `id` is the spec's order. */
export const CONTACT_SORTS = ["id", "-id", "created_at", "-created_at"] as const;
export type ContactBrowserSort = (typeof CONTACT_SORTS)[number];
export const DEFAULT_CONTACT_SORT: ContactBrowserSort = "id";

/** The columns the table sorts by, and the platform's key for each (an allow-list: no other column sorts). */
const SORT_KEYS = { id: "id", created: "created_at" } as const;
export type SortableContactColumn = keyof typeof SORT_KEYS;

export function isSortableContactColumn(column: string): column is SortableContactColumn {
  return Object.hasOwn(SORT_KEYS, column);
}

/** The table's sorting state of an order: which column, which direction. */
export function sortingOf(sort: ContactBrowserSort): { id: SortableContactColumn; desc: boolean } {
  const desc = sort.startsWith("-");
  const key = desc ? sort.slice(1) : sort;
  return { id: key === SORT_KEYS.created ? "created" : "id", desc };
}

/** The order a sortable column's header asks for. */
export function sortFor(column: SortableContactColumn, desc: boolean): ContactBrowserSort {
  return `${desc ? "-" : ""}${SORT_KEYS[column]}`;
}

/** The platform's longest `search` (README, API extensions). */
export const MAX_SEARCH_LENGTH = 200;

export const contactBrowserParsers = {
  q: parseAsText(MAX_SEARCH_LENGTH),
  bot: parseAsPositiveInteger,
  from: parseAsDay,
  to: parseAsDay,
  sort: parseAsStringLiteral(CONTACT_SORTS).withDefault(DEFAULT_CONTACT_SORT),
  page: parseAsPositiveInteger.withDefault(1),
  size: parseAsNumberLiteral(PAGE_SIZES).withDefault(DEFAULT_PAGE_SIZE),
};

export type ContactBrowserParams = inferParserType<typeof contactBrowserParsers>;
/** A page of the browser as the route handler takes it: the page's URL state plus `tz`, the viewer's zone. */
export type ContactPageRequest = ContactBrowserParams & { tz: string | null };
export type ContactBrowserFilters = Pick<ContactBrowserParams, "q" | "bot" | "from" | "to">;

export const loadContactBrowserParams = createLoader(contactBrowserParsers);
/** Builds `?bot=…&page=…` for links (defaults are left out). */
export const serializeContactBrowserParams = createSerializer(contactBrowserParsers, { clearOnDefault: true });

/**
 * What a saved view keeps of a browser URL: its query string as the serializer writes it, without
 * the page (a view opens on page 1). Anything that does not parse is dropped, so a stored view is
 * always a URL the browser reads as it was saved: `?q=ivan&sort=-created_at`, or "" for none.
 */
export function viewQueryOf(query: string | URLSearchParams | ContactBrowserParams): string {
  const params = typeof query === "string" || query instanceof URLSearchParams ? loadContactBrowserParams(query) : query;
  return serializeContactBrowserParams({ ...params, page: null });
}

export const NO_FILTERS: ContactBrowserFilters = { q: null, bot: null, from: null, to: null };

export function hasFilters(filters: ContactBrowserFilters): boolean {
  return filters.q !== null || filters.bot !== null || filters.from !== null || filters.to !== null;
}

/**
 * The platform's filters: bot_id, the inclusive day range as Unix seconds in the
 * viewer's zone, and `search` when the platform has the extension (a platform
 * without it would ignore it and answer every contact; see load-contacts.ts).
 */
export function toPlatformFilters(
  filters: ContactBrowserFilters,
  timeZone: string,
  options: { search: boolean },
): { bot_id?: number; date_from?: number; date_to?: number; search?: string } {
  return {
    ...(filters.bot !== null ? { bot_id: filters.bot } : {}),
    ...daysToUnixRange({ from: filters.from, to: filters.to }, timeZone),
    ...(options.search && filters.q !== null ? { search: filters.q } : {}),
  };
}
