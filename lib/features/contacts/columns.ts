/**
 * The contact browser's columns, in order. The id opens the contact and cannot be
 * hidden; the others can, and each member's choice is stored (contact_browser_settings).
 */
export const CONTACT_COLUMNS = ["id", "name", "bot", "messenger", "phone", "email", "username", "tags", "created", "status"] as const;
export type ContactColumn = (typeof CONTACT_COLUMNS)[number];
export const HIDEABLE_COLUMNS: readonly ContactColumn[] = CONTACT_COLUMNS.filter((column) => column !== "id");

function isHideableColumn(value: unknown): value is ContactColumn {
  return typeof value === "string" && (HIDEABLE_COLUMNS as readonly string[]).includes(value);
}

/** Known hideable columns only, each once, in table order (a stored value from an older version may name others). */
export function normaliseHiddenColumns(values: unknown): ContactColumn[] {
  const wanted = new Set(Array.isArray(values) ? values.filter(isHideableColumn) : []);
  return HIDEABLE_COLUMNS.filter((column) => wanted.has(column));
}
