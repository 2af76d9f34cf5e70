import { createLoader, createSerializer } from "nuqs/server";
import { parseAsFlag, parseAsPositiveInteger } from "@/lib/core/url-state/parsers";

/**
 * One list's page: `/lists/<id>?records=3` (the records table's page) and the
 * one-shot `created=1` the designer adds after creating the list. Read by the
 * server page (the notice) and the records panel (useUrlState, the page).
 */
export const listPageParsers = {
  records: parseAsPositiveInteger.withDefault(1),
  created: parseAsFlag.withDefault(false),
};

export const loadListPageParams = createLoader(listPageParsers);
export const serializeListPageParams = createSerializer(listPageParsers);
