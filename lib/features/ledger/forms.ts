import { z } from "zod";
import { LOCALES } from "@/lib/i18n/config";
import { amountErrorVars, parseAmountText, type AmountErrorCode } from "@/lib/core/money/parse-amount";
import { descriptionLength, MAX_DESCRIPTION, MOVEMENT_BOUNDS } from "./limits";

/**
 * The ledger's requests, one zod schema each, used by the forms (browser) and
 * the server actions alike. Messages are i18n keys (lib/i18n/messages/ledger.ts).
 */

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
/**
 * A key the browser made for an operation it submits: a UUID v4 (crypto.randomUUID, components/ledger/idempotency-key.ts).
 * Other versions are refused: v8 is the bulk rows' namespace (lib/features/adjustments/row-key.ts), never claimed from a form.
 */
const BrowserKeySchema = z.uuid({ version: "v4", message: "ledger.key.invalid" });
const CurrencySchema = z.string().regex(/^[A-Z]{3}$/, "ledger.currency.invalid");
/** The language the amount was typed in: it decides whether "1,000" is a thousand or one (English when not said). */
const LocaleSchema = z.enum(LOCALES);

export type DescriptionCheck = { ok: true; value: string } | { ok: false; code: "required" | "too_long"; params: { max: number } };

/** A journal description as the platform takes it: trimmed, not empty, at most 255 code points. The forms and files both check it here. */
export function checkDescription(value: string): DescriptionCheck {
  const text = value.trim();
  const failed = text === "" ? "required" : descriptionLength(text) > MAX_DESCRIPTION ? "too_long" : null;
  return failed ? { ok: false, code: failed, params: { max: MAX_DESCRIPTION } } : { ok: true, value: text };
}

const DESCRIPTION_MESSAGES: Record<Extract<DescriptionCheck, { ok: false }>["code"], string> = {
  required: "ledger.description.required",
  too_long: "ledger.description.too_long",
};

const DescriptionSchema = z
  .string()
  .trim()
  .superRefine((value, ctx) => {
    const checked = checkDescription(value);
    if (!checked.ok) ctx.addIssue({ code: "custom", message: DESCRIPTION_MESSAGES[checked.code], params: checked.params });
  });

/** What the top-up / debit form holds. */
const MovementFormBaseSchema = z.object({
  amount: z.string(),
  description: DescriptionSchema,
});
export type MovementForm = z.input<typeof MovementFormBaseSchema>;

export type MovementAmountCheck = { ok: true; minor: bigint } | { ok: false; code: AmountErrorCode; params: Readonly<{ min: string; max: string }> };

/** The bounds in money per currency and language: formatting them is slow, and a file may repeat one error many times. */
const boundsVarsCache = new Map<string, Readonly<{ min: string; max: string }>>();

/**
 * An amount as typed for one top-up or debit (unsigned; the kind says the direction), in `locale`'s notation:
 * its minor units, or the error's code with the bounds in money for the text's placeholders. The forms and files both check it here.
 */
export function checkMovementAmount(amount: string, currency: string, locale: string): MovementAmountCheck {
  const parsed = parseAmountText(amount, currency, locale, MOVEMENT_BOUNDS);
  if (parsed.ok) return { ok: true, minor: BigInt(parsed.minor) };
  const cacheKey = `${currency}|${locale}`;
  let params = boundsVarsCache.get(cacheKey);
  if (!params) boundsVarsCache.set(cacheKey, (params = Object.freeze(amountErrorVars(currency, locale, MOVEMENT_BOUNDS))));
  return { ok: false, code: parsed.error, params };
}

/** The amount's minor units, or an issue on `amount` (with the bounds in money for the text's placeholders). */
function checkAmount(amount: string, currency: string, locale: string, ctx: z.RefinementCtx): bigint | null {
  const checked = checkMovementAmount(amount, currency, locale);
  if (checked.ok) return checked.minor;
  ctx.addIssue({ code: "custom", path: ["amount"], message: AMOUNT_MESSAGES[checked.code], params: { ...checked.params } });
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
    idempotencyKey: BrowserKeySchema,
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
  idempotencyKey: BrowserKeySchema,
});
export type OpenAccountRequest = z.output<typeof OpenAccountRequestSchema>;

export const DeleteAccountRequestSchema = z.object({
  contactId: Id,
  accountId: Id,
  idempotencyKey: BrowserKeySchema,
});
export type DeleteAccountRequest = z.output<typeof DeleteAccountRequestSchema>;

/** Reading the balance and journal to settle an operation whose outcome is unknown. */
export const ReconcileRequestSchema = z.object({
  idempotencyKey: IdempotencyKeySchema,
});
export type ReconcileRequest = z.output<typeof ReconcileRequestSchema>;
