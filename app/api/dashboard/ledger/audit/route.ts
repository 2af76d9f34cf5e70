import { z } from "zod";
import { authedRoute } from "@/lib/auth/authed-route";
import { listAuditEntries } from "@/lib/features/ledger/audit";

export const dynamic = "force-dynamic";

const QuerySchema = z.object({
  contactId: z.coerce.number().int().positive(),
  accountId: z.coerce.number().int().positive(),
  page: z.coerce.number().int().min(1).max(1_000_000).catch(1),
});

/** The dashboard's audit entries of one account, as far as the viewer may read them. */
export const GET = authedRoute("activity.read", QuerySchema, async ({ contactId, accountId, page }, { db, user }) =>
  listAuditEntries(db, { id: user.id, role: user.role }, { contactId, accountId }, page, 20),
);
