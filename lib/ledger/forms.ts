import { z } from "zod";
import { parseMajorAmount, type AmountProblem } from "@/lib/money/money";

/**
 * The ledger's requests, one zod schema each, used by the forms (browser) and
 * the server actions alike. Messages are i18n keys (lib/i18n/messages/ledger.ts).
 */
export const MAX_DESCRIPTION = 255;

/** Characters as the platform counts them (code points), so the counter and the limit agree with it. */
export const descriptionLength = (value: string): number => [...value].length;

const AMOUNT_MESSAGES: Record<AmountProblem, string> = {
  required: "ledger.amount.required",
  format: "ledger.amount.format",
  decimals: "ledger.amount.decimals",
  too_small: "ledger.amount.too_small",
  too_large: "ledger.amount.too_large",
};

const Id = z.number().int().positive().max(Number.MAX_SAFE_INTEGER);
const IdempotencyKeySchema = z.uuid("ledger.key.invalid");
const CurrencySchema = z.string().regex(/^[A-Z]{3}$/, "ledger.currency.invalid");

const DescriptionSchema = z
  .string()
  .trim()
  .min(1, "ledger.description.required")
  .refine((value) => descriptionLength(value) <= MAX_DESCRIPTION, "ledger.description.too_long");

/** What the top-up / debit form holds. */
const MovementFormBaseSchema = z.object({
  amount: z.string(),
  description: DescriptionSchema,
});
export type MovementForm = z.input<typeof MovementFormBaseSchema>;

function checkAmount(amount: string, currency: string, ctx: z.RefinementCtx): bigint | null {
  const parsed = parseMajorAmount(amount, currency);
  if (parsed.ok) return parsed.minor;
  ctx.addIssue({ code: "custom", path: ["amount"], message: AMOUNT_MESSAGES[parsed.problem] });
  return null;
}

/** The form's schema for an account's currency: the amount must convert exactly to minor units in bounds. */
export const movementFormSchema = (currency: string) =>
  MovementFormBaseSchema.superRefine((value, ctx) => {
    checkAmount(value.amount, currency, ctx);
  });

export type MovementKind = "top_up" | "debit";

/** The server action's request: the form plus where it goes and its idempotency key; the amount arrives converted. */
const movementRequestSchema = <K extends MovementKind>(kind: K) =>
  MovementFormBaseSchema.extend({
    kind: z.literal(kind),
    contactId: Id,
    accountId: Id,
    currency: CurrencySchema,
    idempotencyKey: IdempotencyKeySchema,
  }).transform((value, ctx) => {
    const minor = checkAmount(value.amount, value.currency, ctx);
    return minor === null ? z.NEVER : { ...value, amountMinor: minor };
  });

export const TopUpRequestSchema = movementRequestSchema("top_up");
export const DebitRequestSchema = movementRequestSchema("debit");
export type MovementRequestInput = z.input<typeof TopUpRequestSchema> | z.input<typeof DebitRequestSchema>;
export type MovementRequest = z.output<typeof TopUpRequestSchema> | z.output<typeof DebitRequestSchema>;

export const OpenAccountRequestSchema = z.object({
  contactId: Id,
  currency: CurrencySchema,
  idempotencyKey: IdempotencyKeySchema,
});
export type OpenAccountRequest = z.output<typeof OpenAccountRequestSchema>;

export const DeleteAccountRequestSchema = z.object({
  contactId: Id,
  accountId: Id,
  idempotencyKey: IdempotencyKeySchema,
});
export type DeleteAccountRequest = z.output<typeof DeleteAccountRequestSchema>;

/** Reading the balance and journal to settle an operation whose outcome is unknown. */
export const ReconcileRequestSchema = z.object({
  idempotencyKey: IdempotencyKeySchema,
});
export type ReconcileRequest = z.output<typeof ReconcileRequestSchema>;
