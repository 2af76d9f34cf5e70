/** Names with a meaning of their own to JavaScript objects: a record keyed by slug must never carry them. */
export const OBJECT_MEMBER_SLUGS = ["__proto__", "constructor", "prototype"] as const;

/**
 * Slugs a list field may not take: the names the record JSON and the record methods use for themselves, and the
 * object members above. Compared without regard to case ("ID" is "id"), so a record never carries two keys a reader
 * could confuse. Part of the API's contract (docs/api-lists.md, the 422 text): the platform refuses them, and the
 * dashboard says so before sending, against any platform.
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

/** Whether `slug` is reserved, without regard to case. */
export function isReservedSlug(slug: string): boolean {
  return RESERVED.has(slug.toLowerCase());
}
