import { z } from "zod";
import { addIssue, boolean, optional, text } from "../validation";
import { SLUG_PATTERN } from "./constants";
import { MAX_NAME_LENGTH, DEFAULT_CURRENCY, FIELD_TYPES, type FieldDefinition, isCurrencyCode } from "@/lib/contract/facts";
import { isReservedSlug } from "@/lib/contract/reserved-slugs";
import { RESERVED_SLUGS_TEXT } from "./reserved-slugs";
import "./messages";

/** Letters, digits, `-`, `_`, at most 255, not reserved: each failed rule is its own message. */
export const SlugSchema = text()
  .max(MAX_NAME_LENGTH)
  .refine((slug) => SLUG_PATTERN.test(slug), { params: { i18n: "lists.slug_charset" } })
  .refine((slug) => !isReservedSlug(slug), { params: { i18n: "lists.slug_reserved", slugs: RESERVED_SLUGS_TEXT } })
  .meta({ pattern: SLUG_PATTERN.source });

/** A string first (absent → "required"), then one of the ten types. */
const TypeSchema = text()
  .pipe(z.enum(FIELD_TYPES))
  .meta({ enum: [...FIELD_TYPES] });

/**
 * The field object of createListSchema (`fields.N`) and addListSchemaField
 * (`field`). A currency, when sent, must be a known ISO 4217 code whatever the
 * type; it is kept for money only.
 */
const FieldObjectSchema = z.object({
  name: text().max(MAX_NAME_LENGTH),
  slug: SlugSchema,
  type: TypeSchema,
  currency: optional(text().refine(isCurrencyCode, { params: { i18n: "validation.in" } })).meta({ pattern: "^[A-Z]{3}$" }),
  is_required: optional(boolean()),
  is_hidden: optional(boolean()),
  is_encryptable: optional(boolean()),
});

type FieldObject = z.output<typeof FieldObjectSchema>;

function toDefinition(field: FieldObject): FieldDefinition {
  return {
    slug: field.slug,
    name: field.name,
    type: field.type,
    currency: field.type === "money" ? (field.currency ?? DEFAULT_CURRENCY) : null,
    isRequired: field.is_required ?? true,
    isHidden: field.is_hidden ?? false,
    isEncryptable: field.is_encryptable ?? false,
  };
}

/** createListSchema: a money field without a currency gets USD. */
export const NewListFieldSchema = FieldObjectSchema.transform(toDefinition);

/** addListSchemaField: a money field must name its currency. Checked even when other keys fail, so every error shows at once. */
export const AddedFieldSchema = FieldObjectSchema.check(
  z.superRefine(
    (value: unknown, ctx) => {
      const field = (value ?? {}) as Record<string, unknown>;
      if (field.type === "money" && (field.currency === undefined || field.currency === null)) {
        addIssue(ctx, ["currency"], "lists.required_if_money", { other: "field.type" });
      }
    },
    { when: () => true },
  ),
).transform(toDefinition);

/** The field definition as the list schema object shows it: `currency` for money only. */
export function serializeFieldDefinition(field: FieldDefinition): Record<string, unknown> {
  return {
    name: field.name,
    type: field.type,
    ...(field.type === "money" ? { currency: field.currency } : {}),
    is_required: field.isRequired,
    is_hidden: field.isHidden,
    is_encryptable: field.isEncryptable,
  };
}
