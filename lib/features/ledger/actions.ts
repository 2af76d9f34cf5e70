"use server";

import { authedAction, type ActionContext } from "@/lib/auth/authed-action";
import { getPlatform } from "@/lib/dashboard/platform";
import {
  DebitRequestSchema,
  DeleteAccountRequestSchema,
  OpenAccountRequestSchema,
  ReconcileRequestSchema,
  TopUpRequestSchema,
} from "@/lib/features/ledger/forms";
import { openAccount } from "@/lib/features/ledger/open-account";
import { moveMoney } from "@/lib/features/ledger/move-money";
import { deleteAccount } from "@/lib/features/ledger/delete-account";
import { reconcileOperation } from "@/lib/features/ledger/reconcile-operation";
import type { LedgerContext } from "@/lib/features/ledger/run-once";
import { requireStepUp } from "@/lib/auth/step-up";

/** The ledger's server actions: each one permission of the table, the form's own schema, one service. */
async function ledgerContext({ db, user, t }: ActionContext): Promise<LedgerContext> {
  return { db, api: await getPlatform(), actor: { id: user.id, email: user.email, name: user.name, role: user.role }, t };
}

export const openAccountAction = authedAction("accounts.open", OpenAccountRequestSchema, async (input, context) =>
  openAccount(await ledgerContext(context), input),
);

/**
 * Above the team's threshold for its currency, a top-up or debit needs a fresh code in this session first
 * (`step_up_required`: the form asks for it, then sends the same request, same idempotency key, again).
 */
export const topUpAction = authedAction("accounts.top_up", TopUpRequestSchema, async (input, context) => {
  await requireStepUp(context.db, context.user, [{ currency: input.currency, minor: input.amountMinor }], `ledger:${input.idempotencyKey}`);
  return moveMoney(await ledgerContext(context), input);
});

export const debitAction = authedAction("accounts.debit", DebitRequestSchema, async (input, context) => {
  await requireStepUp(context.db, context.user, [{ currency: input.currency, minor: input.amountMinor }], `ledger:${input.idempotencyKey}`);
  return moveMoney(await ledgerContext(context), input);
});

export const deleteAccountAction = authedAction("accounts.delete", DeleteAccountRequestSchema, async (input, context) =>
  deleteAccount(await ledgerContext(context), input),
);

/** Reading only; the service lets members settle their own operations (owners: anyone's). */
export const reconcileOperationAction = authedAction("accounts.read", ReconcileRequestSchema, async (input, context) =>
  reconcileOperation(await ledgerContext(context), input),
);
