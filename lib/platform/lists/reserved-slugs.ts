/** Names with a meaning of their own to JavaScript objects: a record keyed by slug must never carry them. */
export const OBJECT_MEMBER_SLUGS = ["__proto__", "constructor", "prototype"] as const;

/**
 * Slugs a list field may not take: the names our record JSON and the record
 * methods use for themselves. Compared without regard to case ("ID" is "id"),
 * so a record never carries two keys a reader could confuse. Published in
 * docs/api-lists.md and in the 422 text.
 */
export const RESERVED_SLUGS = [
  "id",
  "item_id",
  "schema_id",
  "list_id",
  "project",
  "project_uuid",
  "bot_id",
  "created_at",
  "updated_at",
  "deleted_at",
  ...OBJECT_MEMBER_SLUGS,
] as const;

const RESERVED = new Set<string>(RESERVED_SLUGS);

export function isReservedSlug(slug: string): boolean {
  return RESERVED.has(slug.toLowerCase());
}

/** "id, item_id, …" for the error text. */
export const RESERVED_SLUGS_TEXT = RESERVED_SLUGS.join(", ");
