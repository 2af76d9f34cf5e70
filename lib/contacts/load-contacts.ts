import "server-only";
import { CacheEntry, getContacts, type Contact, type PlatformClient } from "@/lib/api";
import { loadMe } from "@/lib/dashboard/load-me";
import { getTranslator } from "@/lib/i18n/server";
import { toPlatformFilters, type ContactBrowserParams } from "./browser-params";
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

/**
 * One page of the browser: the platform's page (sorted by id). Page mode answers
 * the filter's total in `meta.total`, so no getNumberOfContacts goes beside it.
 */
export async function loadContactPage(api: PlatformClient, params: ContactBrowserParams, timeZone: string): Promise<ContactPageView> {
  const filters = toPlatformFilters(params, timeZone);
  const page = await getContacts(api, { ...filters, page: params.page, count: params.size });
  return {
    rows: page.data.map(toRowView),
    total: page.meta.total,
    page: params.page,
    lastPage: Math.max(1, page.meta.last_page),
    perPage: params.size,
  };
}

export interface BotOptions {
  /** Null when the platform's getMe does not list projects (then a bot id is typed). */
  bots: { id: number; label: string }[] | null;
  /** When getMe was fetched (the platform cache). */
  fetchedAt: Date;
  entry: string;
}

/**
 * The bot filter's choices, "Shop bot (Online shop)", from getMe's projects
 * (cached, shared by every page). A platform whose getMe does not list them
 * (the spec does not show its fields) gives null: the browser then takes a typed bot id.
 */
export async function loadBotOptions(api: PlatformClient): Promise<BotOptions> {
  const t = await getTranslator();
  const me = await loadMe(api);
  const bots = me.value.projects
    ? me.value.projects.flatMap((project) =>
        (project.bots ?? []).map((bot) => ({
          id: bot.id,
          label: `${bot.name?.trim() || t("contacts.bot_fallback", { id: bot.id })}${project.name ? ` (${project.name})` : ""}`,
        })),
      )
    : null;
  return { bots, fetchedAt: me.fetchedAt, entry: CacheEntry.me };
}
