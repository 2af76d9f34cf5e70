import { z } from "zod";
import { addIssue, integer, text } from "../validation";
import { isCurrencyCode, MAX_MOVEMENT_DESCRIPTION, MAX_MOVEMENT_MINOR, MIN_MOVEMENT_MINOR } from "@/lib/contract/facts";

/** Shared parameter rules of the account methods (one truth for the API and the dashboard's forms). */

export const accountIdParam = () => integer();
export const contactIdParam = () => integer();

/** Minor units, 1..10^14; a string of digits counts as an integer (Laravel's rule), the result is a bigint. */
const amountParam = () =>
  integer()
    .pipe(z.number().min(MIN_MOVEMENT_MINOR).max(MAX_MOVEMENT_MINOR))
    .transform((value) => BigInt(value))
    .meta({ minimum: MIN_MOVEMENT_MINOR, maximum: MAX_MOVEMENT_MINOR });

/** Up to 255 characters, counted as characters (code points) the way the varchar(255) column counts them. */
const descriptionParam = () =>
  text()
    .superRefine((value, ctx) => {
      if ([...value].length > MAX_MOVEMENT_DESCRIPTION) addIssue(ctx, [], "validation.max.string", { max: MAX_MOVEMENT_DESCRIPTION });
    })
    .meta({ maxLength: MAX_MOVEMENT_DESCRIPTION });

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
