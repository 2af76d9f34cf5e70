import { z } from "zod";
import { count, eq } from "drizzle-orm";
import { listFields, listSchemas, projects } from "@/lib/db/schema";
import { forbidden, validationError, type FieldErrors } from "../../errors";
import { created, defineMethod, GET_POST } from "../../method";
import { addIssue, attributeName, boolean, integer, issuesToErrors, optional, text } from "../../validation";
import { findListTarget, type ListTarget } from "../../lists/access";
import { MAX_LISTS_PER_PROJECT } from "../../lists/constants";
import { MAX_FIELDS_AT_CREATION, MAX_NAME_LENGTH } from "@/lib/contract/facts";
import { encryptionKey } from "../../lists/encryption";
import { NewListFieldSchema } from "../../lists/field-definition";
import { serializeListSchema } from "../../lists/serialize";
import { dataOf, ListSchema } from "@/lib/contract/responses";

/** `[]` is "required" as in Laravel (an empty array fails `required`). */
const FieldsSchema = z.preprocess(
  (value) => (Array.isArray(value) && value.length === 0 ? undefined : value),
  z.array(NewListFieldSchema).min(1).max(MAX_FIELDS_AT_CREATION),
);

/**
 * createListSchema's parameters. Rules that span keys (project_uuid or bot_id;
 * slugs unique in the list) run even when other keys fail, so one 422 lists
 * every error. Existence of the bot or project is checked by the handler.
 */
const CreateListSchemaKeys = z.object({
  name: text().max(MAX_NAME_LENGTH),
  project_uuid: optional(text()),
  bot_id: optional(integer()),
  fields: FieldsSchema,
  is_menu: optional(boolean()),
});

const CreateListSchemaParamsSchema = CreateListSchemaKeys.check(
  z.superRefine(
    (value: unknown, ctx) => {
      const params = (value ?? {}) as Record<string, unknown>;
      const absent = (key: string) => params[key] === undefined || params[key] === null;
      if (absent("project_uuid") && absent("bot_id")) {
        addIssue(ctx, ["project_uuid"], "lists.required_without", { other: "bot id" });
        addIssue(ctx, ["bot_id"], "lists.required_without", { other: "project uuid" });
      }
      if (!Array.isArray(params.fields)) return;
      const seen = new Set<string>();
      params.fields.forEach((field: unknown, index) => {
        const slug = field && typeof field === "object" ? (field as Record<string, unknown>).slug : undefined;
        if (typeof slug !== "string") return;
        if (seen.has(slug)) addIssue(ctx, ["fields", index, "slug"], "lists.slug_duplicate");
        seen.add(slug);
      });
    },
    { when: () => true },
  ),
);

const KEY_ORDER = ["name", "project_uuid", "bot_id", "fields", "is_menu"];
const FIELD_KEY_ORDER = ["name", "slug", "type", "currency", "is_required", "is_hidden", "is_encryptable"];

/** Laravel's order: by parameter, then by field index, then by the field's own key. */
function sortErrors(errors: FieldErrors): FieldErrors {
  const rank = (key: string): number[] => {
    const [top, index, sub] = key.split(".");
    return [KEY_ORDER.indexOf(top), index === undefined ? -1 : Number(index), sub === undefined ? -1 : FIELD_KEY_ORDER.indexOf(sub)];
  };
  const keys = Object.keys(errors).sort((a, b) => {
    const [ra, rb] = [rank(a), rank(b)];
    for (let i = 0; i < ra.length; i++) if (ra[i] !== rb[i]) return ra[i] - rb[i];
    return 0;
  });
  return Object.fromEntries(keys.map((key) => [key, errors[key]]));
}

/**
 * Creates a list in a project of the holder (or in a bot's project, marked with
 * the bot). The 5,000-list limit holds under concurrent creates: the project
 * row is locked, then counted, then the list inserted, in one transaction.
 */
export const createListSchema = defineMethod({
  verbs: GET_POST,
  // Validation runs in the handler, so that a missing bot or project is listed with every other error.
  params: z.record(z.string(), z.unknown()),
  // The keys each on its own (project_uuid or bot_id is one of them; the document says so in words).
  documentedParams: CreateListSchemaKeys,
  responses: { 201: dataOf(ListSchema) },
  async handle({ db, holder, t }, raw) {
    const parsed = CreateListSchemaParamsSchema.safeParse(raw, { reportInput: true });
    const errors: FieldErrors = parsed.success ? {} : issuesToErrors(parsed.error.issues, t);

    // Bot wins: when bot_id is sent, project_uuid is not looked at.
    const botSent = raw.bot_id !== undefined && raw.bot_id !== null;
    const botId = optional(integer()).safeParse(raw.bot_id);
    const projectUuid = optional(text()).safeParse(raw.project_uuid);
    let target: ListTarget | null = null;
    if (botSent) {
      if (botId.success && botId.data !== undefined && !errors.bot_id) target = await findListTarget(db, holder.id, { botId: botId.data });
    } else if (projectUuid.success && projectUuid.data !== undefined && !errors.project_uuid) {
      target = await findListTarget(db, holder.id, { projectUuid: projectUuid.data });
    }
    if (target?.kind === "missing") errors[target.field] = [t("validation.in", { attribute: attributeName([target.field]) })];
    if (parsed.success && !encryptionKey()) {
      parsed.data.fields.forEach((field, index) => {
        if (field.isEncryptable) errors[`fields.${index}.is_encryptable`] = [t("lists.encryption_unavailable")];
      });
    }
    if (Object.keys(errors).length > 0 || !parsed.success) throw validationError(sortErrors(errors), t);
    if (!target || target.kind !== "found") {
      throw forbidden(t(target?.field === "bot_id" ? "lists.bot_forbidden" : "lists.project_forbidden"));
    }

    const params = parsed.data;
    const list = await db.transaction(async (tx) => {
      // NO KEY UPDATE: serialises the creates of one project, yet lets other tables' foreign-key checks through.
      await tx.select({ uuid: projects.uuid }).from(projects).where(eq(projects.uuid, target.projectUuid)).for("no key update");
      const [{ lists }] = await tx.select({ lists: count() }).from(listSchemas).where(eq(listSchemas.projectUuid, target.projectUuid));
      if (lists >= MAX_LISTS_PER_PROJECT) throw forbidden(t("lists.limit_reached", { max: MAX_LISTS_PER_PROJECT }));
      const [row] = await tx
        .insert(listSchemas)
        .values({ projectUuid: target.projectUuid, botId: target.botId, name: params.name, isMenu: params.is_menu ?? false })
        .returning();
      await tx.insert(listFields).values(
        params.fields.map((field, position) => ({
          schemaId: row.id,
          slug: field.slug,
          position,
          name: field.name,
          type: field.type,
          currency: field.currency,
          isRequired: field.isRequired,
          isHidden: field.isHidden,
          isEncryptable: field.isEncryptable,
        })),
      );
      return row;
    });
    return created({
      data: serializeListSchema(
        {
          id: list.id,
          projectUuid: list.projectUuid,
          botId: list.botId,
          name: list.name,
          isMenu: list.isMenu,
          createdAt: list.createdAt,
          updatedAt: list.updatedAt,
        },
        params.fields,
      ),
    });
  },
});
