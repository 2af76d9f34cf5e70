import { z } from "zod";
import { isReservedSlug } from "@/lib/contract/reserved-slugs";
import { MAX_FIELDS_AT_CREATION, MAX_NAME_LENGTH, FIELD_TYPES } from "@/lib/contract/facts";

/**
 * The list designer's rules: the same rules as the platform's createListSchema
 * and addListSchemaField (docs/api-lists.md), run in the browser as the user
 * types and again by the server actions. Messages are i18n keys.
 */

const SLUG_PATTERN = /^[A-Za-z0-9_-]+$/;

const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

let currencies: Set<string> | null = null;
/** ISO 4217 codes as the runtime knows them: the platform checks against the same Intl list. */
function isKnownCurrency(code: string): boolean {
  currencies ??= new Set(Intl.supportedValuesOf("currency"));
  return /^[A-Z]{3}$/.test(code) && currencies.has(code);
}

const NameSchema = z.string().trim().min(1, "form.required").max(MAX_NAME_LENGTH, "lists.form.too_long");

export const FieldSlugSchema = z
  .string()
  .trim()
  .min(1, "form.required")
  .max(MAX_NAME_LENGTH, "lists.form.too_long")
  // An empty slug is "required" only, not also "wrong characters".
  .refine((slug) => slug === "" || SLUG_PATTERN.test(slug), "lists.form.slug_charset")
  .refine((slug) => !isReservedSlug(slug), "lists.form.slug_reserved");

const ListFieldShape = z.object({
  name: NameSchema,
  slug: FieldSlugSchema,
  type: z.enum(FIELD_TYPES, "lists.form.type"),
  currency: z.string().trim().optional(),
  is_required: z.boolean().default(true),
  is_hidden: z.boolean().default(false),
  is_encryptable: z.boolean().default(false),
});

function moneyNeedsCurrency(field: { type?: unknown; currency?: unknown }, ctx: z.RefinementCtx) {
  if (field.type !== "money") return;
  if (typeof field.currency !== "string" || !field.currency) ctx.addIssue({ code: "custom", path: ["currency"], message: "lists.form.currency_required" });
  else if (!isKnownCurrency(field.currency)) ctx.addIssue({ code: "custom", path: ["currency"], message: "lists.form.currency_unknown" });
}

/**
 * One field as the platform's request takes it (`fields.N` of createListSchema,
 * `field` of addListSchemaField). A money field must name its currency; the
 * currency of any other type is not sent.
 */
const ListFieldRequestSchema = ListFieldShape.superRefine(moneyNeedsCurrency).transform(({ currency, ...field }) =>
  field.type === "money" ? { ...field, currency: currency! } : field,
);
export type ListFieldRequest = z.output<typeof ListFieldRequestSchema>;

/** A designer row: the request's field plus whether its slug still follows the name (UI state, never sent). */
const ListFieldFormSchema = ListFieldShape.extend({ slugFollowsName: z.boolean().optional() }).superRefine(moneyNeedsCurrency);
export type ListFieldFormInput = z.input<typeof ListFieldFormSchema>;

/** Slugs are unique within a list, case-sensitively; the later repeat carries the error (as the platform's `fields.2.slug`). */
function rejectDuplicateSlugs(fields: readonly { slug?: unknown }[], ctx: z.RefinementCtx) {
  const seen = new Set<string>();
  fields.forEach((field, index) => {
    const slug = typeof field?.slug === "string" ? field.slug.trim() : "";
    if (!slug) return;
    if (seen.has(slug)) ctx.addIssue({ code: "custom", path: [index, "slug"], message: "lists.form.slug_duplicate" });
    seen.add(slug);
  });
}

const fieldsOf = <T extends z.ZodType<{ slug?: unknown }>>(field: T) =>
  z.array(field).min(1, "lists.form.fields_min").max(MAX_FIELDS_AT_CREATION, "lists.form.fields_max").superRefine(rejectDuplicateSlugs);

/** The platform's createListSchema request. `bot_id` wins over `project_uuid` when both are sent. */
const CreateListRequestSchema = z.object({
  name: NameSchema,
  project_uuid: z.string().optional(),
  bot_id: z.number().int().positive().optional(),
  fields: fieldsOf(ListFieldRequestSchema),
});
export type CreateListRequest = z.output<typeof CreateListRequestSchema>;

const TARGET_KINDS = ["project", "bot"] as const;

/**
 * The designer's form, derived from the request: the name and the fields as
 * they are, the target as a kind plus the typed (or picked) project UUID or bot id.
 */
export const CreateListFormSchema = CreateListRequestSchema.pick({ name: true })
  .extend({
    targetKind: z.enum(TARGET_KINDS),
    projectUuid: z.string().trim().default(""),
    botId: z.string().trim().default(""),
    fields: fieldsOf(ListFieldFormSchema),
  })
  .superRefine((form, ctx) => {
    if (form.targetKind === "project") {
      if (!form.projectUuid) ctx.addIssue({ code: "custom", path: ["projectUuid"], message: "lists.form.project_required" });
      else if (!UUID_PATTERN.test(form.projectUuid)) ctx.addIssue({ code: "custom", path: ["projectUuid"], message: "lists.form.project_uuid" });
    } else if (!form.botId) {
      ctx.addIssue({ code: "custom", path: ["botId"], message: "lists.form.bot_required" });
    } else if (!/^\d{1,15}$/.test(form.botId) || Number(form.botId) < 1) {
      ctx.addIssue({ code: "custom", path: ["botId"], message: "lists.form.bot_id" });
    }
  });
export type CreateListFormInput = z.input<typeof CreateListFormSchema>;
export type CreateListForm = z.output<typeof CreateListFormSchema>;

/** The form's values as the platform's request (only the chosen target is sent). */
export function toCreateListRequest(form: CreateListForm): CreateListRequest {
  return CreateListRequestSchema.parse({
    name: form.name,
    ...(form.targetKind === "bot" ? { bot_id: Number(form.botId) } : { project_uuid: form.projectUuid }),
    fields: form.fields,
  });
}

/** The "add a field" form of the list page: one field, appended at the end. */
export const AddFieldFormSchema = z.object({
  schemaId: z.string().trim().min(1),
  field: ListFieldRequestSchema,
});
export type AddFieldFormInput = z.input<typeof AddFieldFormSchema>;

/** Deleting a field: the slug typed again in the dialog must match. */
export const DeleteFieldFormSchema = z
  .object({ schemaId: z.string().trim().min(1), slug: z.string().min(1), confirmation: z.string() })
  .refine((form) => form.confirmation === form.slug, { path: ["confirmation"], message: "lists.form.confirm_slug" });

/** Deleting a list: its name typed again must match. */
export const DeleteListFormSchema = z
  .object({ schemaId: z.string().trim().min(1), name: z.string(), confirmation: z.string() })
  .refine((form) => form.confirmation.trim() === form.name.trim(), { path: ["confirmation"], message: "lists.form.confirm_name" });
