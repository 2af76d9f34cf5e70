import { sql } from "drizzle-orm";
import { queryRows, type Db } from "@/lib/db/client";
import { orderedMap } from "../json";
import { formatTimestamp } from "../time";
import { validationError, type FieldErrors } from "../errors";
import type { Translate } from "../i18n";
import { attributeName } from "../validation";
import type { FieldDefinition } from "@/lib/contract/facts";
import { associatedData, encryptionKey, openValue, requireEncryptionKey, sealValue } from "./encryption";
import { checkValue } from "./values";
import "./messages";

/**
 * Record input (`item`: slug → value) checked against the list's fields.
 * On add every required field must be there; on update only the slugs sent
 * change, and null clears an optional field. Errors sit on `item.<slug>`.
 */
export type ItemMode = "add" | "update";

export interface ItemChanges {
  /** Slug → value to store (ciphertext for encrypted fields). */
  set: Record<string, unknown>;
  /** Slugs to clear (update only). */
  remove: string[];
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function addError(errors: FieldErrors, key: string, text: string): void {
  (errors[key] ??= []).push(text);
}

/** Ids of the holder's live contacts (not deleted, not preview, bot not deleted) among `ids`. */
async function ownContactIds(db: Db, holderId: number, ids: number[]): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = await queryRows<{ id: string }>(
    db,
    sql`SELECT c.id::text AS id FROM platform.contacts c
        JOIN platform.bots b ON b.id = c.bot_id
        JOIN platform.projects p ON p.uuid = b.project_uuid
        WHERE c.id = ANY(${sql.param(ids)}::bigint[]) AND p.owner_id = ${holderId}::bigint
          AND NOT c.deleted AND NOT c.preview AND NOT b.deleted`,
  );
  return new Set(rows.map((row) => Number(row.id)));
}

/** Ids of the holder's live bots among `ids`. */
async function ownBotIds(db: Db, holderId: number, ids: number[]): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = await queryRows<{ id: string }>(
    db,
    sql`SELECT b.id::text AS id FROM platform.bots b JOIN platform.projects p ON p.uuid = b.project_uuid
        WHERE b.id = ANY(${sql.param(ids)}::bigint[]) AND p.owner_id = ${holderId}::bigint AND NOT b.deleted`,
  );
  return new Set(rows.map((row) => Number(row.id)));
}

/** Validates `item` and returns what to write; throws the 422 (every invalid slug) or the 503 of a missing key. */
export async function prepareItemChanges(
  db: Db,
  input: { holderId: number; schemaId: string; itemId: string; fields: FieldDefinition[]; item: unknown; mode: ItemMode },
  t: Translate,
): Promise<ItemChanges> {
  const { item, fields, mode } = input;
  const errors: FieldErrors = {};
  const at = (slug: string) => `item.${slug}`;
  const message = (slug: string, i18n: string, replacements: Record<string, string | number> = {}) =>
    t(i18n, { attribute: attributeName(["item", slug]), ...replacements });

  if (item === undefined || item === null || (isPlainObject(item) && Object.keys(item).length === 0)) {
    throw validationError({ item: [t("validation.required", { attribute: "item" })] }, t);
  }
  if (!isPlainObject(item)) throw validationError({ item: [t("lists.item_object", { attribute: "item" })] }, t);

  const values = new Map<string, unknown>();
  const remove: string[] = [];
  const contactRefs: { slug: string; id: number }[] = [];
  const botRefs: { slug: string; id: number }[] = [];
  for (const field of fields) {
    const present = Object.hasOwn(item, field.slug);
    const raw = present ? item[field.slug] : undefined;
    if (raw === undefined || raw === null) {
      if (field.isRequired && (mode === "add" || present)) addError(errors, at(field.slug), message(field.slug, "validation.required"));
      else if (present) remove.push(field.slug);
      continue;
    }
    const checked = checkValue(field.type, raw);
    if (!checked.ok) {
      addError(errors, at(field.slug), message(field.slug, checked.i18n, checked.replacements));
      continue;
    }
    values.set(field.slug, checked.value);
    if (field.type === "contact") contactRefs.push({ slug: field.slug, id: checked.value as number });
    if (field.type === "bot") botRefs.push({ slug: field.slug, id: checked.value as number });
  }
  const known = new Set(fields.map((field) => field.slug));
  for (const slug of Object.keys(item)) {
    if (!known.has(slug)) addError(errors, at(slug), message(slug, "lists.unknown_field"));
  }

  const [contacts, bots] = await Promise.all([
    ownContactIds(
      db,
      input.holderId,
      contactRefs.map((ref) => ref.id),
    ),
    ownBotIds(
      db,
      input.holderId,
      botRefs.map((ref) => ref.id),
    ),
  ]);
  for (const ref of contactRefs) if (!contacts.has(ref.id)) addError(errors, at(ref.slug), message(ref.slug, "lists.value.contact"));
  for (const ref of botRefs) if (!bots.has(ref.id)) addError(errors, at(ref.slug), message(ref.slug, "lists.value.bot"));

  if (Object.keys(errors).length > 0) {
    // Laravel lists errors in the order of the rules: here, the list's field order, then unknown slugs.
    const order = [...fields.map((field) => at(field.slug)), ...Object.keys(item).map(at)];
    const sorted: FieldErrors = {};
    for (const key of order) if (errors[key] && !sorted[key]) sorted[key] = errors[key];
    throw validationError(sorted, t);
  }

  const set: Record<string, unknown> = {};
  for (const field of fields) {
    if (!values.has(field.slug)) continue;
    const value = values.get(field.slug);
    set[field.slug] = field.isEncryptable ? sealValue(value, requireEncryptionKey(t), associatedData(input.schemaId, input.itemId, field.slug)) : value;
  }
  return { set, remove };
}

export interface ItemRow {
  id: string;
  schemaId: string;
  data: Record<string, unknown>;
  createdAt: Date;
  updatedAt: Date;
}

/**
 * A record as the API returns it: `values` holds every field of the list in
 * field order (null when unset), encrypted values decrypted.
 */
export function serializeItem(item: ItemRow, fields: FieldDefinition[], t: Translate) {
  const needsKey = fields.some((field) => field.isEncryptable && item.data[field.slug] !== undefined);
  const key = needsKey ? (encryptionKey() ?? requireEncryptionKey(t)) : null;
  return {
    id: item.id,
    schema_id: item.schemaId,
    values: orderedMap(
      fields.map((field) => {
        const stored = item.data[field.slug];
        if (stored === undefined || stored === null) return [field.slug, null] as const;
        const value = field.isEncryptable && key ? openValue(stored, key, associatedData(item.schemaId, item.id, field.slug), t) : stored;
        return [field.slug, value] as const;
      }),
    ),
    created_at: formatTimestamp(item.createdAt),
    updated_at: formatTimestamp(item.updatedAt),
  };
}
