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
