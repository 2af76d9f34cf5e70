import "server-only";
import { cached, CacheEntry, CacheTtlMs, getMe, type Cached, type Me, type PlatformClient } from "@/lib/api";

/** The key's account with its projects and bots (getMe), shared by every page through the platform cache. */
export function loadMe(api: PlatformClient): Promise<Cached<Me>> {
  return cached(api, CacheEntry.me, CacheTtlMs.me, () => getMe(api));
}
