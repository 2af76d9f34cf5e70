"use server";

import { z } from "zod";
import { authedAction } from "@/lib/auth/authed-action";
import { CACHE_ENTRY_NAME, invalidate } from "@/lib/api";
import { getPlatform } from "@/lib/dashboard/platform";

const RefreshCacheSchema = z.object({ entries: z.array(z.string().regex(CACHE_ENTRY_NAME)).min(1).max(10) });

/** A page's refresh control: drops the platform cache entries the page showed; the page then reads them again. */
export const refreshPlatformCacheAction = authedAction("lists.read", RefreshCacheSchema, async ({ entries }) => {
  await invalidate(await getPlatform(), entries);
  return { entries };
});
