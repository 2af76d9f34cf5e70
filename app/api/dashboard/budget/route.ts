import { z } from "zod";
import { authedRoute } from "@/lib/auth/authed-route";
import { readBudget } from "@/lib/api";
import { keyHashOf } from "@/lib/api/budget";
import { resolveConnection } from "@/lib/api/connection";

export const dynamic = "force-dynamic";

/** The shared request budget of the configured key (never the key): for "paused for 20 s: rate limit". */
export const GET = authedRoute("contacts.read", z.object({}), async (_input, { db }) => {
  const connection = await resolveConnection(db);
  if ("problem" in connection) return { limit: null, remaining: null, pausedForSeconds: 0, backgroundWaitSeconds: 0 };
  return readBudget(db, keyHashOf(connection.apiKey));
});
