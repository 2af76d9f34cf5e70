import { z } from "zod";
import { authedRoute } from "@/lib/auth/authed-route";
import { getPlatform } from "@/lib/dashboard/platform";
import { loadJournal } from "@/lib/features/ledger/read-ledger";

export const dynamic = "force-dynamic";

const QuerySchema = z.object({
  accountId: z.coerce.number().int().positive(),
  page: z.coerce.number().int().min(1).max(1_000_000).catch(1),
});

/** One page of an account's platform journal, or {available: false} on a platform without the extension. */
export const GET = authedRoute("accounts.read", QuerySchema, async ({ accountId, page }) => loadJournal(await getPlatform(), accountId, page));
