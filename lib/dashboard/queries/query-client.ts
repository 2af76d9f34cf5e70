import { useContext } from "react";
import { QueryClient, QueryClientContext, useQuery, type UseQueryOptions } from "@tanstack/react-query";

/**
 * The dashboard's react-query cache (one per browser tab): an answer is fresh
 * for 10 seconds (a page the server rendered is not read again at once), a
 * failed read is tried once more. Hooks that poll set their own staleTime.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({ defaultOptions: { queries: { staleTime: 10_000, retry: 1 } } });
}

let tabClient: QueryClient | null = null;

/** The browser tab's one cache, made and started (refetching on window focus and when back online) on first use. */
function tabQueryClient(): QueryClient {
  if (!tabClient) {
    tabClient = createQueryClient();
    tabClient.mount();
  }
  return tabClient;
}

/**
 * The cache a data hook reads: a QueryClientProvider's when there is one above it (a test gives each its own), else the
 * tab's one cache. The dashboard's shell renders no provider, so that react-query loads with the pages that read data,
 * not with every page. On the server every call gets a new cache: a render shares nothing with another request's.
 */
export function useDashboardQueryClient(): QueryClient {
  const provided = useContext(QueryClientContext);
  if (provided) return provided;
  return typeof window === "undefined" ? createQueryClient() : tabQueryClient();
}

/** react-query's useQuery on the dashboard's cache (useDashboardQueryClient). */
export const useDashboardQuery = ((options: UseQueryOptions) => useQuery(options, useDashboardQueryClient())) as typeof useQuery;
