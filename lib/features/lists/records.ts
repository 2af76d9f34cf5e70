import "server-only";
import { addListItem, deleteListItem, getListItems, updateListItem, type ListItem, type PlatformClient } from "@/lib/api";
import { DashboardError } from "@/lib/core/actions/errors";
import { buildRecordFormSchema, toItemRequest } from "@/lib/features/lists/forms/list-records";
import { loadFreshList } from "./load-lists";
import type { RecordView, RecordsAnswer } from "./types";

function toRecordView(item: ListItem): RecordView {
  const values = (item as Record<string, unknown>).values;
  return {
    id: item.id,
    values: values && typeof values === "object" && !Array.isArray(values) ? (values as Record<string, unknown>) : {},
    createdAt: typeof item.created_at === "string" ? item.created_at : null,
    updatedAt: typeof item.updated_at === "string" ? item.updated_at : null,
  };
}

/** One page (50) of the list's records; `available: false` on a platform without the record extension. */
export async function loadRecords(api: PlatformClient, schemaId: string, page: number): Promise<RecordsAnswer> {
  const answer = await getListItems(api, { schema_id: schemaId, page });
  if (!answer.available) return { available: false };
  const { data, meta } = answer.data;
  return { available: true, records: data.map(toRecordView), page: meta.current_page, pages: Math.max(1, meta.last_page), total: meta.total };
}

/** Records written before the list gained or lost a field would not fit the form: say so rather than guess. */
class FieldsChangedError extends DashboardError {
  constructor() {
    super("records.fields_changed");
  }
}

/**
 * Adds (no itemId) or updates a record. The values are checked against the
 * list's fields as the platform has them now, with the form's own schema, and
 * converted (money to minor units) by the same code as in the browser.
 */
export async function saveRecord(
  api: PlatformClient,
  input: { schemaId: string; itemId?: string; values: string[]; initial?: string[]; fieldSlugs: string[]; locale?: string },
): Promise<{ record: RecordView; created: boolean }> {
  // Fresh (and put in the cache): a field added or deleted elsewhere shows on the next view too.
  const list = await loadFreshList(api, input.schemaId);
  if (list.fields.map((field) => field.slug).join("\u0000") !== input.fieldSlugs.join("\u0000")) throw new FieldsChangedError();
  const options = input.itemId ? { initial: input.initial ?? [], locale: input.locale } : { locale: input.locale };
  const parsed = buildRecordFormSchema(list.fields, options).safeParse({ values: input.values });
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const params = issue.code === "custom" ? (issue.params as Record<string, string> | undefined) : undefined;
    throw new DashboardError(issue.message, issue.path.length ? `values.${issue.path.slice(1).join(".")}` : undefined, params);
  }
  const item = toItemRequest(list.fields, parsed.data.values, options);
  if (input.itemId) {
    if (Object.keys(item).length === 0) throw new DashboardError("records.nothing_changed");
    const answer = await updateListItem(api, { item_id: input.itemId, item });
    if (!answer.available) throw new DashboardError("records.unavailable");
    return { record: toRecordView(answer.data), created: false };
  }
  const answer = await addListItem(api, { schema_id: input.schemaId, item });
  if (!answer.available) throw new DashboardError("records.unavailable");
  return { record: toRecordView(answer.data), created: true };
}

export async function deleteRecord(api: PlatformClient, itemId: string): Promise<void> {
  const answer = await deleteListItem(api, { item_id: itemId });
  if (!answer.available) throw new DashboardError("records.unavailable");
}
