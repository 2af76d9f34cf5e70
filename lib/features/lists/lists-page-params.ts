import { createLoader, createSerializer, parseAsStringLiteral } from "nuqs/server";
import { parseAsPositiveInteger, parseAsText } from "@/lib/core/url-state/parsers";
import { LIST_SORTS, SORT_DIRECTIONS, type ListQuery } from "./list-query";

/**
 * The Lists page's URL: `/lists?q=ord&sort=name&dir=asc&page=2`, and the
 * one-shot `deleted=<name>` notice after a list was deleted. Bad values fall
 * back to the defaults (every list, newest first, page 1).
 */
export const listsPageParsers = {
  q: parseAsText(255).withDefault(""),
  sort: parseAsStringLiteral(LIST_SORTS).withDefault("created"),
  dir: parseAsStringLiteral(SORT_DIRECTIONS).withDefault("desc"),
  page: parseAsPositiveInteger.withDefault(1),
  deleted: parseAsText(255),
};

export const loadListsPageParams = createLoader(listsPageParsers);
/** `?q=…&page=…` with the defaults left out. */
export const serializeListsPageParams = createSerializer(listsPageParsers);

/** The Lists page with some of the state changed; a changed search or sort goes back to page 1, the notice is not carried. */
export function listQueryHref(query: ListQuery, change: Partial<ListQuery>): string {
  const resetsPage = change.q !== undefined || change.sort !== undefined || change.dir !== undefined;
  const next = { ...query, ...change, page: change.page ?? (resetsPage ? 1 : query.page) };
  return serializeListsPageParams("/lists", { q: next.q, sort: next.sort, dir: next.dir, page: next.page });
}
