import { createLoader, createSerializer } from "nuqs/server";
import { parseAsPositiveInteger } from "@/lib/core/url-state/parsers";

/**
 * A batch page's URL state: the page of its problems table (`?problems=2`). A bad value is the first page (a broken
 * URL never crashes the page).
 */
export const batchPageParsers = {
  problems: parseAsPositiveInteger.withDefault(1),
};

export const loadBatchPageParams = createLoader(batchPageParsers);
export const serializeBatchPageParams = createSerializer(batchPageParsers);

/** The batch page's address showing that page of its problems (the first page, the default, leaves the parameter out). */
export const batchProblemsHref = (batchPath: string, page: number): string => serializeBatchPageParams(batchPath, { problems: page });
