import { z } from "zod";
import type { FieldDefinition } from "@/lib/contract/facts";
import { RECORD_MONEY_BOUNDS } from "@/lib/features/lists/money";
import { amountErrorVars, parseAmountText, type AmountErrorCode } from "@/lib/core/money/parse-amount";

/**
 * The record form, generated from the list's fields: one text value per field,
 * in field order (`values.3` is the fourth field), checked with the platform's
 * value rules (docs/api-lists.md, "Values by type") and converted to the
 * request's `item` object. The browser and the server action build the same
 * schema from the same fields.
 */

const MAX_STRING_VALUE_LENGTH = 65_535;
const MAX_URL_LENGTH = 2048;
const NUMBER = /^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/;
const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const DATETIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,6})?)?(Z|[+-]\d{2}:?\d{2})?$/;
const ID = /^\d{1,15}$/;

export interface RecordFormOptions {
  /** Edit: the values the form started with; a required field left empty as it was is not an error (and not sent). */
  initial?: readonly string[];
  /** The language the values were typed in (money: "1,000" is a thousand in English, one in Russian); English when not given. */
  locale?: string;
}

const MONEY_MESSAGES: Record<AmountErrorCode, string> = {
  required: "form.required",
  format: "records.value.money_format",
  negative: "records.value.money_negative",
  decimals: "records.value.money_too_many_decimals",
  too_small: "records.value.money_negative",
  too_large: "records.value.money_too_large",
};

const parseMoney = (field: FieldDefinition, text: string, locale = "en") => parseAmountText(text, field.currency ?? "USD", locale, RECORD_MONEY_BOUNDS);

function isRealDate(text: string): boolean {
  const match = DATE.exec(text);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

function isHttpUrl(text: string): boolean {
  if (text.length > MAX_URL_LENGTH || !URL.canParse(text)) return false;
  const url = new URL(text);
  return (url.protocol === "http:" || url.protocol === "https:") && url.hostname !== "";
}

/** The i18n key of what is wrong with a non-empty value, or null. */
export function valueProblem(field: FieldDefinition, text: string, locale?: string): string | null {
  switch (field.type) {
    case "string":
      return text.length > MAX_STRING_VALUE_LENGTH || text.includes("\u0000") ? "records.value.string" : null;
    case "number":
      return NUMBER.test(text) && Number.isFinite(Number(text)) ? null : "records.value.number";
    case "bool":
      return text === "true" || text === "false" ? null : "records.value.bool";
    case "date":
      return isRealDate(text) ? null : "records.value.date";
    case "datetime":
      return DATETIME.test(text) && isRealDate(text.slice(0, 10)) ? null : "records.value.datetime";
    case "money": {
      const result = parseMoney(field, text, locale);
      return result.ok ? null : MONEY_MESSAGES[result.error];
    }
    case "file":
    case "image":
      return isHttpUrl(text) ? null : "records.value.url";
    case "contact":
    case "bot":
      return ID.test(text) && Number(text) > 0 ? null : `records.value.${field.type}`;
  }
}

export function buildRecordFormSchema(fields: readonly FieldDefinition[], options: RecordFormOptions = {}) {
  return z.object({
    values: z
      .array(z.string())
      .length(fields.length, "records.value.fields_changed")
      .superRefine((values, ctx) => {
        fields.forEach((field, index) => {
          const text = (values[index] ?? "").trim();
          if (!text) {
            const wasEmpty = options.initial !== undefined && !(options.initial[index] ?? "").trim();
            if (field.isRequired && !wasEmpty) ctx.addIssue({ code: "custom", path: [index], message: "form.required" });
            return;
          }
          const problem = valueProblem(field, text, options.locale);
          if (!problem) return;
          // Money texts say the bound in money (":max"); the placeholders travel with the issue.
          const params = field.type === "money" ? amountErrorVars(field.currency ?? "USD", options.locale ?? "en", RECORD_MONEY_BOUNDS) : undefined;
          ctx.addIssue({ code: "custom", path: [index], message: problem, params });
        });
      }),
  });
}
export type RecordForm = z.input<ReturnType<typeof buildRecordFormSchema>>;

/** A checked value as the platform takes it: numbers and ids as JSON numbers, money as a string of minor units (exact), bool as a boolean. */
function toRequestValue(field: FieldDefinition, text: string, locale?: string): unknown {
  switch (field.type) {
    case "number":
    case "contact":
    case "bot":
      return Number(text);
    case "bool":
      return text === "true";
    case "money": {
      const result = parseMoney(field, text, locale);
      if (!result.ok) throw new Error(`unchecked money value: ${result.error}`);
      return result.minor;
    }
    default:
      return text;
  }
}

/**
 * The `item` of addListItem / updateListItem. Add: every non-empty value.
 * Edit (with `initial`): only the values that changed; a value emptied is null
 * (it clears an optional field).
 */
export function toItemRequest(fields: readonly FieldDefinition[], values: readonly string[], options: RecordFormOptions = {}): Record<string, unknown> {
  const item: Record<string, unknown> = {};
  fields.forEach((field, index) => {
    const text = (values[index] ?? "").trim();
    if (options.initial) {
      if (text === (options.initial[index] ?? "").trim()) return;
      item[field.slug] = text ? toRequestValue(field, text, options.locale) : null;
    } else if (text) {
      item[field.slug] = toRequestValue(field, text, options.locale);
    }
  });
  return item;
}
