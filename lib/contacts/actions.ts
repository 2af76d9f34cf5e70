"use server";

import { hasContactSearch } from "@/lib/api";
import { authedAction } from "@/lib/auth/authed-action";
import { getPlatform } from "@/lib/dashboard/platform";
import { saveHiddenColumns } from "@/lib/contacts/column-settings";
import { ExportIdSchema, HiddenColumnsSchema, StartExportSchema } from "@/lib/contacts/export/forms";
import { cancelExportJob, createExportJob } from "@/lib/contacts/export/jobs";

/** The browser's hidden columns, remembered for the member. */
export const saveHiddenColumnsAction = authedAction("contacts.read", HiddenColumnsSchema, async (input, { db, user }) => ({
  hidden: await saveHiddenColumns(db, user.id, input.hidden),
}));

/**
 * Queues an export of the browser's current filters; the worker of any instance
 * runs it. The search goes with it only when the platform searches; without the
 * extension the export is of the other filters (the browser's button says so).
 */
export const startExportAction = authedAction("contacts.export", StartExportSchema, async (input, { db, user }) => {
  const q = input.q !== null && (await hasContactSearch(await getPlatform())) ? input.q : null;
  const job = await createExportJob(db, { userId: user.id, ...input, q });
  return { id: job.id };
});

export const cancelExportAction = authedAction("contacts.export", ExportIdSchema, async (input, { db, user }) => {
  await cancelExportJob(db, input.id, user.id);
  return { id: input.id };
});
