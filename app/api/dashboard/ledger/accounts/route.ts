import { z } from "zod";
import { authedRoute } from "@/lib/auth/authed-route";
import { getPlatform } from "@/lib/dashboard/platform";
import { loadContactAccounts } from "@/lib/features/ledger/read-ledger";

export const dynamic = "force-dynamic";

const QuerySchema = z.object({ contactId: z.coerce.number().int().positive() });

/** The ledger panel's accounts (react-query refetches them after every operation). */
export const GET = authedRoute("accounts.read", QuerySchema, async ({ contactId }, { db, user }) => ({
  accounts: await loadContactAccounts(db, await getPlatform(), user.id, contactId),
}));
