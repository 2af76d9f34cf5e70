import { orderedMap } from "../json";
import { formatTimestamp } from "../time";
import type { ListRow } from "./access";
import { serializeFieldDefinition } from "./field-definition";
import type { FieldDefinition } from "@/lib/contract/facts";

/**
 * The spec's list schema object, keys in the spec's order. `fields` is an
 * OrderedMap: stringifyJson writes it in field order, integer-like slugs too.
 */
export function serializeListSchema(list: ListRow, fields: FieldDefinition[]) {
  return {
    id: list.id,
    fields: orderedMap(fields.map((field) => [field.slug, serializeFieldDefinition(field)] as const)),
    name: list.name,
    bot_id: list.botId,
    project: list.projectUuid,
    is_menu: list.isMenu,
    created_at: formatTimestamp(list.createdAt),
    updated_at: formatTimestamp(list.updatedAt),
  };
}
