"use server";

import { z } from "zod";
import { DashboardError } from "@/lib/core/actions/errors";
import { authedAction } from "@/lib/auth/authed-action";
import type { SessionUser } from "@/lib/auth/session";
import type { Db } from "@/lib/db/client";
import { getLocale } from "@/lib/i18n/server";
import { batchesWithHash, confirmRun, readBatch, requestCancel, requestDryRun } from "./batch-store";
import { kindsOf, mayAdjustBalances } from "./permissions";
import type { StoredBatch, StoredTotals } from "./records";
import { applyMapping } from "./upload";
import { requireStepUp } from "@/lib/auth/step-up";

/** A total as the page sent it (minor units as digits); anything else counts as nothing (confirmRun refuses totals that differ). */
const toMinor = (text: string): bigint => (/^-?\d{1,30}$/.test(text) ? BigInt(text) : BigInt(0));

const BatchIdSchema = z.object({ batchId: z.uuid() });

/** The batch, when this member's role may make every kind of operation it holds (top-ups, debits or both). */
async function batchFor(db: Db, user: Pick<SessionUser, "role">, batchId: string): Promise<StoredBatch> {
  const batch = await readBatch(db, batchId);
  if (!batch) throw new DashboardError("adjustments.batch.not_found");
  if (!mayAdjustBalances(user.role, batch.totals ? kindsOf(batch.totals) : undefined)) throw new DashboardError("adjustments.batch.role");
  return batch;
}

/** The mapping step: the columns picked, every row validated with them. */
export const saveMappingAction = authedAction(
  "accounts.top_up",
  BatchIdSchema.extend({ mapping: z.record(z.string(), z.unknown()) }),
  async ({ batchId, mapping }, { db, user }) => {
    const batch = await batchFor(db, user, batchId);
    await applyMapping(db, batch, mapping, await getLocale());
    return { batchId };
  },
);

export const requestDryRunAction = authedAction("accounts.top_up", BatchIdSchema, async ({ batchId }, { db, user }) => {
  await batchFor(db, user, batchId);
  await requestDryRun(db, batchId);
  return { batchId };
});

/** Starts the run: with the totals the page showed (refused when they changed since) and, for a file uploaded before, the explicit confirmation. */
export const confirmRunAction = authedAction(
  "accounts.top_up",
  BatchIdSchema.extend({
    totals: z.record(
      z.string(),
      z.object({ top_up: z.object({ count: z.number(), minor: z.string() }), debit: z.object({ count: z.number(), minor: z.string() }) }),
    ),
    sameFileAcknowledged: z.boolean(),
  }),
  async ({ batchId, totals, sameFileAcknowledged }, { db, user }) => {
    const batch = await batchFor(db, user, batchId);
    const earlier = await batchesWithHash(db, batch.fileHash, { excludeId: batch.id });
    if (earlier.length > 0 && !sameFileAcknowledged) throw new DashboardError("adjustments.page.same_file.unconfirmed");
    // A batch moves the sum of its rows: above the threshold of a currency, a fresh code first (as a single top-up).
    const amounts = Object.entries(totals).flatMap(([currency, sums]) =>
      [sums.top_up.minor, sums.debit.minor].map((minor) => ({ currency, minor: toMinor(minor) })),
    );
    await requireStepUp(db, user, amounts, `batch:${batchId}`);
    await confirmRun(db, batchId, user, { totals: totals as StoredTotals });
    return { batchId };
  },
);

export const cancelBatchAction = authedAction("accounts.top_up", BatchIdSchema, async ({ batchId }, { db, user }) => {
  await batchFor(db, user, batchId);
  await requestCancel(db, batchId);
  return { batchId };
});
