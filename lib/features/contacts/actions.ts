"use server";

import { hasContactIdFilter, hasContactSearch } from "@/lib/api";
import { DashboardError } from "@/lib/core/actions/errors";
import { authedAction } from "@/lib/auth/authed-action";
import { saveHiddenColumns } from "@/lib/features/contacts/column-settings";
import { ExportIdSchema, HiddenColumnsSchema, StartExportSchema } from "@/lib/features/contacts/export/forms";
import { cancelExportJob, createExportJob } from "@/lib/features/contacts/export/jobs";
import { loadBotOptions } from "@/lib/features/contacts/load-contacts";
import { getPlatform, loadFromPlatform } from "@/lib/dashboard/platform";
import { DeleteViewSchema, RenameViewSchema, SaveViewSchema } from "@/lib/features/contacts/saved-views/forms";
import { createSavedView, deleteSavedView, renameSavedView } from "@/lib/features/contacts/saved-views/store";

/** The browser's hidden columns, remembered for the member. */
export const saveHiddenColumnsAction = authedAction("contacts.read", HiddenColumnsSchema, async (input, { db, user }) => ({
  hidden: await saveHiddenColumns(db, user.id, input.hidden),
}));

/**
 * Queues an export of the browser's current filters; the worker of any instance runs it.
 * The bot's name (cached getMe) goes with the job, for its title and file name. The search
 * goes with it only when the platform searches; without the extension the export is of the
 * other filters (the browser's button says so). With `ids` it is of the selected rows only
 * (the platform's `contact_ids`), refused where the platform would ignore them.
 */
export const startExportAction = authedAction("contacts.export", StartExportSchema, async (input, { db, user }) => {
  const bots = input.bot === null ? null : await loadFromPlatform((api) => loadBotOptions(api));
  const botName = bots?.ok ? (bots.data.bots?.find((bot) => bot.id === input.bot)?.label ?? null) : null;
  const platform = await getPlatform();
  // A platform without the contact_ids extension would ignore the ids and export every contact.
  if (input.ids !== null && !(await hasContactIdFilter(platform))) throw new DashboardError("exports.selection_unsupported");
  const q = input.q !== null && (await hasContactSearch(platform)) ? input.q : null;
  const job = await createExportJob(db, { userId: user.id, ...input, botName, q });
  return { id: job.id };
});

export const cancelExportAction = authedAction("contacts.export", ExportIdSchema, async (input, { db, user }) => {
  await cancelExportJob(db, input.id, user.id);
  return { id: input.id };
});

/** Saves the browser's current filters as a named view of the member (refusals on `name`: duplicate, limit). */
export const saveViewAction = authedAction("contacts.read", SaveViewSchema, async (input, { db, user }) => createSavedView(db, user.id, input));

export const renameViewAction = authedAction("contacts.read", RenameViewSchema, async (input, { db, user }) => renameSavedView(db, user.id, input));

export const deleteViewAction = authedAction("contacts.read", DeleteViewSchema, async (input, { db, user }) => {
  await deleteSavedView(db, user.id, input.id);
  return { id: input.id };
});
