import { QueryClient } from "@tanstack/react-query";

/**
 * The dashboard's react-query cache (one per browser tab): an answer is fresh
 * for 10 seconds (a page the server rendered is not read again at once), a
 * failed read is tried once more. Hooks that poll set their own staleTime.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({ defaultOptions: { queries: { staleTime: 10_000, retry: 1 } } });
}
