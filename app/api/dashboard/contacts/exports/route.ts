import { z } from "zod";
import { authedRoute } from "@/lib/auth/authed-route";
import { listExportJobs } from "@/lib/features/contacts/export/jobs";

export const dynamic = "force-dynamic";

/** The member's exports of the last 24 hours with their progress (polled by the export list). */
export const GET = authedRoute("contacts.export", z.object({}), async (_input, { db, user }) => ({
  data: await listExportJobs(db, user.id),
}));
