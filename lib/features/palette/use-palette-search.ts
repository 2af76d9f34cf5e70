"use client";

import { keepPreviousData } from "@tanstack/react-query";
import { fetchJson } from "@/lib/core/actions/fetch-json";
import type { PaletteSearchResult } from "@/lib/features/palette/search-result";
import { apiUrl } from "../../dashboard/queries/api-url";
import { queryKeys } from "../../dashboard/queries/keys";
import { useDashboardQuery } from "../../dashboard/queries/query-client";

/** The palette's contacts and lists for a text (already debounced; blank asks nothing). */
export function usePaletteSearch(text: string) {
  const q = text.trim();
  return useDashboardQuery({
    queryKey: queryKeys.palette.search(q),
    queryFn: ({ signal }) => fetchJson<PaletteSearchResult>(apiUrl("/api/dashboard/palette", { q }), { signal }),
    enabled: q.length > 0,
    placeholderData: keepPreviousData,
    retry: false,
  });
}
