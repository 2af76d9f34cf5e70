import { z } from "zod";
import { authedRoute } from "@/lib/auth/authed-route";
import { breakerFor, readBudget } from "@/lib/api";
import { platformStatusOf } from "@/lib/api/breaker";
import type { BudgetView } from "@/lib/api/budget-view";
import { keyHashOf } from "@/lib/api/budget";
import { resolveConnection } from "@/lib/api/connection";

export const dynamic = "force-dynamic";

/**
 * The shared request budget of the configured key (never the key), for "paused for 20 s: rate limit", and whether
 * the platform answers, for the shell's banner.
 */
export const GET = authedRoute("contacts.read", z.object({}), async (_input, { db }): Promise<BudgetView> => {
  const connection = await resolveConnection(db);
  if ("problem" in connection) return { limit: null, remaining: null, pausedForSeconds: 0, backgroundWaitSeconds: 0, platform: null };
  const keyHash = keyHashOf(connection.apiKey);
  return { ...(await readBudget(db, keyHash)), platform: platformStatusOf(breakerFor(connection.baseUrl, keyHash).view()) };
});
