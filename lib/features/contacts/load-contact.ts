import "server-only";
import type { Contact } from "@/lib/api";
import type { ActionError } from "@/lib/core/actions/result";
import { getDb } from "@/lib/db/client";
import { loadFromPlatform } from "@/lib/dashboard/platform";
import type { Translate } from "@/lib/i18n/translate";
import { botLabel } from "./bot-names";
import { rememberContactNames } from "./contact-names";
import { findContact, type FoundContact } from "./find-contact";
import { loadBotOptions } from "./load-contacts";

/** Why a contact's page shows no contact. */
type MissingReason = Extract<FoundContact, { found: false }>["reason"];

/**
 * What one contact's page shows, under its title (the contact's name, else `#<id>`): the platform's failure, why the
 * contact is not shown, or the contact with how it was found and what its bot is called.
 */
export type ContactView = { title: string } & (
  | { status: "failed"; error: ActionError }
  | { status: "missing"; reason: MissingReason }
  | { status: "found"; contact: Contact; via: "getContact" | "getContacts"; botName: string }
);

/**
 * One contact and the bots' names, read side by side from the platform (with the row link's `bot` and `created`
 * hints for a platform without getContact). A contact found is remembered in the dashboard's directory of names, so
 * that Activity names it from then on without asking the platform.
 */
export async function loadContact(contactId: string, hint: { bot: number | null; created: number | null }, t: Translate): Promise<ContactView> {
  const [result, bots] = await Promise.all([
    loadFromPlatform((api) => findContact(api, Number(contactId), { botId: hint.bot, created: hint.created })),
    loadFromPlatform((api) => loadBotOptions(api)),
  ]);
  const fallbackTitle = `#${contactId}`;
  if (!result.ok) return { title: fallbackTitle, status: "failed", error: result.error };
  if (!result.data.found) return { title: fallbackTitle, status: "missing", reason: result.data.reason };
  const { contact, via } = result.data;
  await rememberContactNames(await getDb(), [contact]);
  return { title: contact.name || fallbackTitle, status: "found", contact, via, botName: botLabel(bots.ok ? bots.data.bots : null, contact.bot_id, t) };
}
