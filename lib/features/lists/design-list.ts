import "server-only";
import {
  addListSchemaField,
  CacheEntry,
  createListSchema,
  deleteListSchema,
  deleteListSchemaField,
  getListSchema,
  invalidate,
  isPlatformApiError,
  remember,
  type PlatformClient,
} from "@/lib/api";
import { DashboardError } from "@/lib/core/actions/errors";
import { toCreateListRequest, type CreateListForm, type ListFieldRequest } from "@/lib/features/lists/forms/lists";
import { loadFreshList, toListView } from "./load-lists";
import type { ListView } from "./types";

/**
 * Every write here drops or replaces the platform cache entries it changes
 * (the account's lists, the list itself), also when the platform refused it
 * (it may have changed something all the same), so that the next view on any
 * instance shows the platform's state.
 */
const afterListWrite = (api: PlatformClient, schemaId?: string) =>
  invalidate(api, schemaId ? [CacheEntry.listSchemas, CacheEntry.listSchema(schemaId)] : [CacheEntry.listSchemas]);

/** Creates the list; the answer is the platform's own list schema (201), cached as the list's entry. */
export async function createList(api: PlatformClient, form: CreateListForm): Promise<ListView> {
  try {
    const list = await createListSchema(api, toCreateListRequest(form));
    return toListView((await remember(api, CacheEntry.listSchema(list.id), list)).value);
  } finally {
    await afterListWrite(api);
  }
}

/** Appends a field; the platform answers 204, so the list is read again to show what it holds now. */
export async function addField(api: PlatformClient, schemaId: string, field: ListFieldRequest): Promise<ListView> {
  try {
    await addListSchemaField(api, { schema_id: schemaId, field });
  } finally {
    await afterListWrite(api, schemaId);
  }
  return loadFreshList(api, schemaId);
}

/** Deletes a field (its values are erased in every record); the list is read again afterwards. */
export async function deleteField(api: PlatformClient, schemaId: string, slug: string): Promise<ListView> {
  try {
    await deleteListSchemaField(api, { schema_id: schemaId, slug });
  } finally {
    await afterListWrite(api, schemaId);
  }
  return loadFreshList(api, schemaId);
}

/**
 * Deletes the list once the typed name matches the list's name as the platform
 * has it now (not as the browser claims it, nor as cached), then checks that it is gone.
 */
export async function deleteList(api: PlatformClient, schemaId: string, typedName: string): Promise<{ name: string }> {
  const list = await loadFreshList(api, schemaId);
  if (typedName.trim() !== list.name.trim()) throw new DashboardError("lists.form.confirm_name", "confirmation");
  try {
    await deleteListSchema(api, { schema_id: schemaId });
  } finally {
    await afterListWrite(api, schemaId);
  }
  try {
    await getListSchema(api, { schema_id: schemaId });
  } catch (error) {
    if (isPlatformApiError(error) && error.status === 404) return { name: list.name };
    throw error;
  }
  throw new DashboardError("lists.delete_not_confirmed");
}
