import { z } from "zod";
import { LOCALES } from "@/lib/i18n/config";
import { MAX_MOVEMENT, MIN_MOVEMENT } from "@/lib/money/money";
import { amountErrorVars, parseAmountText, type AmountBounds, type AmountErrorCode } from "@/lib/money/parse-amount";

/**
 * The ledger's requests, one zod schema each, used by the forms (browser) and
 * the server actions alike. Messages are i18n keys (lib/i18n/messages/ledger.ts).
 */
export const MAX_DESCRIPTION = 255;

/** Characters as the platform counts them (code points), so the counter and the limit agree with it. */
export const descriptionLength = (value: string): number => [...value].length;

/** One top-up or debit: 1 to 10^14 minor units, as the platform takes it. */
export const MOVEMENT_BOUNDS: AmountBounds = { min: MIN_MOVEMENT, max: MAX_MOVEMENT };

const AMOUNT_MESSAGES: Record<AmountErrorCode, string> = {
  required: "ledger.amount.required",
  format: "ledger.amount.format",
  negative: "ledger.amount.negative",
  decimals: "ledger.amount.decimals",
  too_small: "ledger.amount.too_small",
  too_large: "ledger.amount.too_large",
};

const Id = z.number().int().positive().max(Number.MAX_SAFE_INTEGER);
const IdempotencyKeySchema = z.uuid("ledger.key.invalid");
const CurrencySchema = z.string().regex(/^[A-Z]{3}$/, "ledger.currency.invalid");
/** The language the amount was typed in: it decides whether "1,000" is a thousand or one (English when not said). */
const LocaleSchema = z.enum(LOCALES);

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

/** The amount's minor units, or an issue on `amount` (with the bounds in money for the text's placeholders). */
function checkAmount(amount: string, currency: string, locale: string, ctx: z.RefinementCtx): bigint | null {
  const parsed = parseAmountText(amount, currency, locale, MOVEMENT_BOUNDS);
  if (parsed.ok) return BigInt(parsed.minor);
  ctx.addIssue({ code: "custom", path: ["amount"], message: AMOUNT_MESSAGES[parsed.error], params: amountErrorVars(currency, locale, MOVEMENT_BOUNDS) });
  return null;
}

/** The form's schema for an account's currency, in the viewer's language: the amount must convert exactly to minor units in bounds. */
export const movementFormSchema = (currency: string, locale: string) =>
  MovementFormBaseSchema.superRefine((value, ctx) => {
    checkAmount(value.amount, currency, locale, ctx);
  });

export type MovementKind = "top_up" | "debit";

/** The server action's request: the form plus where it goes and its idempotency key; the amount arrives converted. */
const movementRequestSchema = <K extends MovementKind>(kind: K) =>
  MovementFormBaseSchema.extend({
    kind: z.literal(kind),
    contactId: Id,
    accountId: Id,
    currency: CurrencySchema,
    locale: LocaleSchema.default("en"),
    idempotencyKey: IdempotencyKeySchema,
  }).transform((value, ctx) => {
    const minor = checkAmount(value.amount, value.currency, value.locale, ctx);
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
