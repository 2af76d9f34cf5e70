"use client";

import { useCallback } from "react";
import type { ExportJobView } from "@/lib/features/contacts/export/jobs";
import { fetchJson } from "@/lib/core/actions/fetch-json";
import { queryKeys } from "../../../dashboard/queries/keys";
import { useDashboardQuery, useDashboardQueryClient } from "../../../dashboard/queries/query-client";

const EXPORTS_URL = "/api/dashboard/contacts/exports";

/** The file of a finished export (a plain link: the browser downloads it). */
export const exportDownloadUrl = (id: number): string => `${EXPORTS_URL}/${encodeURIComponent(id)}/download`;

export const isActiveExport = (job: ExportJobView): boolean => job.status === "queued" || job.status === "running";

/** The member's exports of the last 24 hours, polled every second while one is queued or running. */
export function useExports() {
  return useDashboardQuery({
    queryKey: queryKeys.exports.all(),
    queryFn: async ({ signal }) => (await fetchJson<{ data: ExportJobView[] }>(EXPORTS_URL, { signal })).data,
    refetchInterval: (query) => (query.state.data?.some(isActiveExport) ? 1000 : 15_000),
    staleTime: 0,
  });
}

/** After starting or cancelling an export: read the list again. */
export function useRefreshExports(): () => Promise<void> {
  const queryClient = useDashboardQueryClient();
  return useCallback(() => queryClient.invalidateQueries({ queryKey: queryKeys.exports.all() }), [queryClient]);
}
