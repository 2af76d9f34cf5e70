import { minorToMajorUnits } from "@/lib/features/lists/money";
import type { FieldDefinition } from "@/lib/contract/facts";

/* The record form's value conversion and error paths, without zod: the form imports them on first load, its schema
   (./list-records) loads with the first check. */

/** A stored value as the form's text: money in major units, datetimes without the +00:00 the platform adds. */
export function toFormValue(field: FieldDefinition, value: unknown): string {
  if (value === null || value === undefined) return "";
  switch (field.type) {
    case "money":
      return typeof value === "number" || typeof value === "string" || typeof value === "bigint" ? minorToMajorUnits(value, field.currency ?? "USD") : "";
    case "bool":
      return value === true ? "true" : value === false ? "false" : "";
    case "datetime":
      return String(value).replace(/(\+00:00|Z)$/, "");
    default:
      return String(value);
  }
}

/** `item.price` → `values.1` (the field's position); other keys (item, item_id, schema_id) belong to no input. */
export function recordErrorPath(fields: readonly FieldDefinition[]): (key: string) => string | null {
  return (key) => {
    if (/^values\.\d+$/.test(key)) return key;
    const match = /^item\.(.+)$/.exec(key);
    if (!match) return null;
    const index = fields.findIndex((field) => field.slug === match[1]);
    return index >= 0 ? `values.${index}` : null;
  };
}
