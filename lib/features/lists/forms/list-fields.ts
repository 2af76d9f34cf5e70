/**
 * The list designer's constants and error paths, without zod: the designer's components import them on first load,
 * while the schemas (./lists) load with the form's first check.
 */

/**
 * Where an error key (the platform's 422 key, or our own form schema's) belongs
 * in the designer's form: `fields.3.slug` stays on the fourth row's slug,
 * `project_uuid`/`bot_id` go to the target inputs, `fields` to the field list.
 * Null: no field; the message goes to the top of the form.
 */
export function createListErrorPath(key: string): string | null {
  if (key === "name") return "name";
  if (key === "project_uuid" || key === "projectUuid") return "projectUuid";
  if (key === "bot_id" || key === "botId") return "botId";
  if (key === "targetKind") return "targetKind";
  if (key === "fields") return "fields.root";
  const match = /^fields\.(\d+)\.(name|slug|type|currency|is_required|is_hidden|is_encryptable)$/.exec(key);
  if (match) return `fields.${match[1]}.${match[2]}`;
  return null;
}

/** The add-field form: the platform's `field.slug` and our own `field.slug` are the same path. */
export function addFieldErrorPath(key: string): string | null {
  const match = /^field\.(name|slug|type|currency|is_required|is_hidden|is_encryptable)$/.exec(key);
  return match ? `field.${match[1]}` : null;
}
