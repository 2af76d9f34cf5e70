/**
 * When what a page shows from the platform cache was fetched (the oldest of its
 * entries), and which entries the page's refresh control drops.
 */
export interface Freshness {
  /** ISO time. */
  fetchedAt: string;
  entries: string[];
  /** The platform is not answering: some of it is older than its time to live (lib/api/cache.ts). */
  stale?: true;
}

/** The page's freshness from the cache entries it used (name and fetch time). */
export function freshnessOf(used: readonly { name: string; fetchedAt: Date; stale?: true }[]): Freshness | null {
  if (used.length === 0) return null;
  const oldest = Math.min(...used.map((entry) => entry.fetchedAt.getTime()));
  const freshness: Freshness = { fetchedAt: new Date(oldest).toISOString(), entries: [...new Set(used.map((entry) => entry.name))] };
  return used.some((entry) => entry.stale) ? { ...freshness, stale: true } : freshness;
}
