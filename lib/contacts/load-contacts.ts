import "server-only";
import { getContacts, getMe, getNumberOfContacts, type Contact, type PlatformClient } from "@/lib/api";
import { toPlatformFilters, type ContactBrowserParams } from "./browser-params";
import type { ContactPageView, ContactRowView } from "./rows";

export function toRowView(contact: Contact): ContactRowView {
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

/** One page of the browser: the platform's page (sorted by id) and the filter's total from getNumberOfContacts, in parallel. */
export async function loadContactPage(api: PlatformClient, params: ContactBrowserParams, timeZone: string): Promise<ContactPageView> {
  const filters = toPlatformFilters(params, timeZone);
  const [total, page] = await Promise.all([getNumberOfContacts(api, filters), getContacts(api, { ...filters, page: params.page, count: params.size })]);
  return {
    rows: page.data.map(toRowView),
    total,
    page: params.page,
    lastPage: Math.max(1, page.meta.last_page),
    perPage: params.size,
  };
}

/**
 * The bot filter's choices, "Shop bot (Online shop)", from getMe's projects. A
 * platform whose getMe does not list them (the spec does not show its fields)
 * gives null: the browser then takes a typed bot id.
 */
export async function loadBotOptions(api: PlatformClient): Promise<{ id: number; label: string }[] | null> {
  const me = await getMe(api);
  if (!me.projects) return null;
  return me.projects.flatMap((project) =>
    (project.bots ?? []).map((bot) => ({
      id: bot.id,
      label: `${bot.name ?? `#${bot.id}`}${project.name ? ` (${project.name})` : ""}`,
    })),
  );
}
