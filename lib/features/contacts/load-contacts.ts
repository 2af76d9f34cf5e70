import "server-only";
import {
  CacheEntry,
  getContacts,
  getNumberOfContacts,
  hasContactSearch,
  hasContactIdFilter,
  hasContactSort,
  type Contact,
  type ContactFilters,
  type PlatformClient,
} from "@/lib/api";
import { loadMe } from "@/lib/dashboard/load-me";
import { getTranslator } from "@/lib/i18n/server";
import type { Translate } from "@/lib/i18n/types";
import { DEFAULT_CONTACT_SORT, toPlatformFilters, type ContactBrowserParams } from "./browser-params";
import { findContact } from "./find-contact";
import type { ContactPageView, ContactRowView } from "./rows";

function toRowView(contact: Contact): ContactRowView {
  const messengerId = contact.telegram_id ?? contact.max_user_id ?? contact.vk_user_id ?? contact.viber_id ?? null;
  return {
    id: contact.id,
    botId: contact.bot_id,
    name: contact.name,
    messenger: contact.messenger,
    messengerId: messengerId === null ? null : String(messengerId),
    username: contact.telegram_username ?? contact.max_username ?? null,
    phone: contact.phone,
    email: contact.email,
    avatar: contact.avatar,
    tags: contact.tags,
    createdAt: contact.created_at,
    unsubscribedAt: contact.unsubscribed_at,
  };
}

/** Digits only, as a contact id (the lookup a platform without the search extension still allows). */
const CONTACT_ID = /^\d{1,16}$/;

/**
 * One page of the browser: the platform's page, by ascending id or in the URL's `sort` when the
 * platform has that extension (hasContactSort; without it the parameter is not sent and the view
 * says the rows are by id). Page mode answers the filter's total in `meta.total`, so no
 * getNumberOfContacts goes beside it.
 *
 * A search (`q`) goes to the platform as `search` when it has the extension
 * (hasContactSearch). Without it the platform would answer every contact, so the
 * search is not sent: digits are looked up as a contact id (getContact, kept only
 * when the contact passes the other filters), and any other text is not applied
 * (the page says so and lists the filters' contacts).
 */
export async function loadContactPage(api: PlatformClient, params: ContactBrowserParams, timeZone: string): Promise<ContactPageView> {
  const [searching, sortable, selectable] = await Promise.all([params.q !== null && hasContactSearch(api), hasContactSort(api), hasContactIdFilter(api)]);
  const { view, filters } = await matchPage(api, params, timeZone, { searching, sortable });
  // An export cannot carry an id looked up without search: it holds the filters' contacts.
  const exportTotal = view.search?.applied === "id" ? await getNumberOfContacts(api, filters) : view.total;
  return { ...view, sortable, selectable, exportTotal };
}

/** What a search finds, without what only the browser needs (sorting, selection, the export's count). */
export type ContactMatches = Omit<ContactPageView, "sortable" | "selectable" | "exportTotal">;

/**
 * The browser's page for a text in the default order, as the command palette shows it: the same
 * search as loadContactPage, and no probe or count beyond it.
 */
export async function findContactMatches(api: PlatformClient, params: ContactBrowserParams, timeZone: string): Promise<ContactMatches> {
  const searching = params.q !== null && (await hasContactSearch(api));
  return (await matchPage(api, { ...params, sort: DEFAULT_CONTACT_SORT }, timeZone, { searching, sortable: false })).view;
}

async function matchPage(
  api: PlatformClient,
  params: ContactBrowserParams,
  timeZone: string,
  platform: { searching: boolean; sortable: boolean },
): Promise<{ view: ContactMatches; filters: ContactFilters }> {
  const filters = toPlatformFilters(params, timeZone, { search: platform.searching });
  if (params.q !== null && !platform.searching && CONTACT_ID.test(params.q)) {
    const byId = await findByIdWithoutSearch(api, Number(params.q), filters, params);
    if (byId) return { view: byId, filters };
  }
  const sort = platform.sortable && params.sort !== DEFAULT_CONTACT_SORT ? { sort: params.sort } : {};
  const page = await getContacts(api, { ...filters, ...sort, page: params.page, count: params.size });
  const view: ContactMatches = {
    rows: page.data.map(toRowView),
    total: page.meta.total,
    page: params.page,
    lastPage: Math.max(1, page.meta.last_page),
    perPage: params.size,
    search: params.q === null ? null : { text: params.q, applied: platform.searching ? "platform" : "none" },
  };
  return { view, filters };
}

/** The id lookup of a platform without search: null when it cannot look up ids either (no getContact extension). */
async function findByIdWithoutSearch(
  api: PlatformClient,
  contactId: number,
  filters: ContactFilters,
  params: ContactBrowserParams,
): Promise<ContactMatches | null> {
  const found = await findContact(api, contactId, { botId: null, created: null });
  if (!found.found && found.reason === "needs_hint") return null;
  const contact = found.found && passesFilters(found.contact, filters) ? found.contact : null;
  const rows = contact && params.page === 1 ? [toRowView(contact)] : [];
  return { rows, total: contact ? 1 : 0, page: params.page, lastPage: 1, perPage: params.size, search: { text: params.q!, applied: "id" } };
}

function passesFilters(contact: Contact, filters: ContactFilters): boolean {
  const created = Math.floor(Date.parse(contact.created_at) / 1000);
  return (
    (filters.bot_id === undefined || contact.bot_id === filters.bot_id) &&
    (filters.date_from === undefined || created >= filters.date_from) &&
    (filters.date_to === undefined || created <= filters.date_to)
  );
}

export interface BotOptions {
  /** Null when the platform's getMe does not list projects (then a bot id is typed). */
  bots: { id: number; label: string }[] | null;
  /** When getMe was fetched (the platform cache). */
  fetchedAt: Date;
  entry: string;
  /** The platform is not answering: getMe as it was loaded at fetchedAt. */
  stale?: true;
}

/**
 * The bot filter's choices, "Shop bot (Online shop)", from getMe's projects
 * (cached, shared by every page). A platform whose getMe does not list them
 * (the spec does not show its fields) gives null: the browser then takes a typed bot id.
 * `translate` names a bot without a name (default: the request's language).
 */
export async function loadBotOptions(api: PlatformClient, translate?: Translate): Promise<BotOptions> {
  const t = translate ?? (await getTranslator());
  const me = await loadMe(api);
  const bots = me.value.projects
    ? me.value.projects.flatMap((project) =>
        (project.bots ?? []).map((bot) => ({
          id: bot.id,
          label: `${bot.name?.trim() || t("contacts.bot_fallback", { id: bot.id })}${project.name ? ` (${project.name})` : ""}`,
        })),
      )
    : null;
  return { bots, fetchedAt: me.fetchedAt, entry: CacheEntry.me, ...(me.stale ? { stale: me.stale } : {}) };
}
