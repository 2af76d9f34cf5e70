import "server-only";
import {
  addListSchemaField,
  createListSchema,
  deleteListSchema,
  deleteListSchemaField,
  getListSchema,
  isPlatformApiError,
  type PlatformClient,
} from "@/lib/api";
import { DashboardError } from "@/lib/dashboard/errors";
import { toCreateListRequest, type CreateListForm, type ListFieldRequest } from "@/lib/dashboard/forms/lists";
import { loadList, toListView } from "./load-lists";
import type { ListView } from "./types";

/** Creates the list; the answer is the platform's own list schema (201). */
export async function createList(api: PlatformClient, form: CreateListForm): Promise<ListView> {
  return toListView(await createListSchema(api, toCreateListRequest(form)));
}

/** Appends a field; the platform answers 204, so the list is read again to show what it holds now. */
export async function addField(api: PlatformClient, schemaId: string, field: ListFieldRequest): Promise<ListView> {
  await addListSchemaField(api, { schema_id: schemaId, field });
  return loadList(api, schemaId);
}

/** Deletes a field (its values are erased in every record); the list is read again afterwards. */
export async function deleteField(api: PlatformClient, schemaId: string, slug: string): Promise<ListView> {
  await deleteListSchemaField(api, { schema_id: schemaId, slug });
  return loadList(api, schemaId);
}

/**
 * Deletes the list once the typed name matches the list's name as the platform
 * has it now (not as the browser claims it), then checks that it is gone.
 */
export async function deleteList(api: PlatformClient, schemaId: string, typedName: string): Promise<{ name: string }> {
  const list = await loadList(api, schemaId);
  if (typedName.trim() !== list.name.trim()) throw new DashboardError("lists.form.confirm_name", "confirmation");
  await deleteListSchema(api, { schema_id: schemaId });
  try {
    await getListSchema(api, { schema_id: schemaId });
  } catch (error) {
    if (isPlatformApiError(error) && error.status === 404) return { name: list.name };
    throw error;
  }
  throw new DashboardError("lists.delete_not_confirmed");
}
