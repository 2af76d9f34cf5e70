import { createLoader } from "nuqs/server";
import { parseAsPositiveInteger } from "@/lib/core/url-state/parsers";

/**
 * The overview's URL, read by the server page (the bot select gets the value it
 * read): `/?bot=101` shows one bot's contacts, `/` all bots.
 * Tolerant: a bot that does not parse is "all bots".
 */
const overviewParsers = {
  bot: parseAsPositiveInteger,
};

export const loadOverviewParams = createLoader(overviewParsers);
