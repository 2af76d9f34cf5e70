"use client";

import { useCallback } from "react";
import type { FieldDefinition } from "@/lib/contract/facts";
import { keepPreviousData } from "@tanstack/react-query";
import type { RecordsAnswer } from "@/lib/features/lists/types";
import { fetchJson } from "@/lib/core/actions/fetch-json";
import { apiUrl } from "../../dashboard/queries/api-url";
import { queryKeys } from "../../dashboard/queries/keys";
import { useDashboardQuery, useDashboardQueryClient } from "../../dashboard/queries/query-client";

export const listRecordsUrl = (schemaId: string, page: number): string => apiUrl("/api/dashboard/lists/items", { schemaId, page });

/** A page of a list's records (`{available: false}` on a platform without the extension); the previous page stays while the next loads. */
export function useListRecords(
  schemaId: string,
  fields: readonly Pick<FieldDefinition, "slug">[],
  page: number,
  /** The page the server read with the page itself: shown from the first paint, no request for it. */
  initial: { page: number; answer: RecordsAnswer } | null = null,
) {
  const fieldSlugs = fields.map((field) => field.slug).join(",");
  return useDashboardQuery({
    queryKey: queryKeys.listRecords.page(schemaId, fieldSlugs, page),
    queryFn: ({ signal }) => fetchJson<RecordsAnswer>(listRecordsUrl(schemaId, page), { signal }),
    placeholderData: keepPreviousData,
    initialData: initial && initial.page === page ? initial.answer : undefined,
  });
}

/** After a record was added, saved or deleted: read the list's records again (every page). */
export function useRefreshListRecords(schemaId: string): () => Promise<void> {
  const queryClient = useDashboardQueryClient();
  return useCallback(() => queryClient.invalidateQueries({ queryKey: queryKeys.listRecords.list(schemaId) }), [queryClient, schemaId]);
}
