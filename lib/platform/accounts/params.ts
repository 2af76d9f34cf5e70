import { z } from "zod";
import { addIssue, integer, text } from "../validation";
import { isCurrencyCode } from "@/lib/contract/facts";

/** Shared parameter rules of the account methods (one truth for the API and the dashboard's forms). */
const MIN_AMOUNT = 1;
const MAX_AMOUNT = 100_000_000_000_000; // 10^14 minor units, exact as a JS number
const MAX_DESCRIPTION = 255;

export const accountIdParam = () => integer();
export const contactIdParam = () => integer();

/** Minor units, 1..10^14; a string of digits counts as an integer (Laravel's rule), the result is a bigint. */
const amountParam = () =>
  integer()
    .pipe(z.number().min(MIN_AMOUNT).max(MAX_AMOUNT))
    .transform((value) => BigInt(value))
    .meta({ minimum: MIN_AMOUNT, maximum: MAX_AMOUNT });

/** Up to 255 characters, counted as characters (code points) the way the varchar(255) column counts them. */
const descriptionParam = () =>
  text()
    .superRefine((value, ctx) => {
      if ([...value].length > MAX_DESCRIPTION) addIssue(ctx, [], "validation.max.string", { max: MAX_DESCRIPTION });
    })
    .meta({ maxLength: MAX_DESCRIPTION });

export const currencyParam = () =>
  text()
    .superRefine((value, ctx) => {
      if (!isCurrencyCode(value)) addIssue(ctx, [], "accounts.currency_invalid");
    })
    .meta({ pattern: "^[A-Z]{3}$" });

export const MovementParamsSchema = z.object({
  account_id: accountIdParam(),
  amount: amountParam(),
  description: descriptionParam(),
});
