import { z } from "zod";
import { DashboardError } from "@/lib/core/actions/errors";
import { mayAdjustBalances } from "@/lib/features/adjustments/permissions";
import { readUploadedFile, uploadAdjustmentFile } from "@/lib/features/adjustments/upload";
import { authedRoute } from "@/lib/auth/authed-route";
import { getLocale } from "@/lib/i18n/server";

export const dynamic = "force-dynamic";

/**
 * Upload of a bulk-adjustment file (multipart, field `file`): read with a cap of 10 MB,
 * parsed and stored as a batch; answers `{id}`. Refusals (too large, not UTF-8, too many
 * rows) store nothing and come back on the `file` field.
 */
export const POST = authedRoute("accounts.top_up", z.object({}), async (_query, { db, user }, request) => {
  if (!mayAdjustBalances(user.role)) throw new DashboardError("adjustments.batch.role");
  const file = await readUploadedFile(request);
  return uploadAdjustmentFile(db, user, file, await getLocale());
});
