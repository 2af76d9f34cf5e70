import { createLoader, createSerializer } from "nuqs/server";
import { parseAsPositiveInteger } from "@/lib/core/url-state/parsers";

/**
 * One contact's page: `/contacts/42?bot=101&created=1735689600`. The browser's
 * row links carry the bot and the creation time (Unix seconds) as hints for a
 * platform without getContact; a hint that does not parse is simply absent.
 */
export const contactPageParsers = {
  bot: parseAsPositiveInteger,
  created: parseAsPositiveInteger,
};

export const loadContactPageParams = createLoader(contactPageParsers);
export const serializeContactPageParams = createSerializer(contactPageParsers);

const CONTACT_ID = /^\d{1,15}$/;

/** Whether a route's `[contactId]` segment names a contact: digits only (at most 15) and at least 1; any other is a missing page. */
export const isContactId = (segment: string): boolean => CONTACT_ID.test(segment) && Number(segment) >= 1;
