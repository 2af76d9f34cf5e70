import "server-only";

import type { PlatformClient } from "./client";
import type { Extension } from "./errors";
import {
  LIST_ITEM_READING,
  LIST_SCHEMA_READING,
  ListItemSchema,
  ListSchemaSchema,
  dataOf,
  paginated,
  type ListItem,
  type ListSchema,
  type Page,
} from "./schemas";
import { callExtension, callMethod, callMethodWithoutBody } from "./transport";

import type { FieldType } from "@/lib/contract/facts";

export interface NewListField {
  name: string;
  slug: string;
  type: FieldType;
  currency?: string;
  is_required?: boolean;
  is_hidden?: boolean;
  is_encryptable?: boolean;
}

/** 50 per page (fixed by the platform). */
export function getListSchemas(api: PlatformClient, params: { page?: number } = {}): Promise<Page<ListSchema>> {
  return callMethod(api, "getListSchemas", params, paginated(ListSchemaSchema), LIST_SCHEMA_READING);
}

export async function getListSchema(api: PlatformClient, params: { schema_id: string }): Promise<ListSchema> {
  return (await callMethod(api, "getListSchema", params, dataOf(ListSchemaSchema), LIST_SCHEMA_READING)).data;
}

/** `bot_id` wins over `project_uuid` when both are sent. */
export async function createListSchema(
  api: PlatformClient,
  params: { name: string; project_uuid?: string; bot_id?: number; fields: NewListField[]; is_menu?: boolean },
): Promise<ListSchema> {
  return (await callMethod(api, "createListSchema", params, dataOf(ListSchemaSchema), LIST_SCHEMA_READING)).data;
}

export async function deleteListSchema(api: PlatformClient, params: { schema_id: string }): Promise<void> {
  await callMethodWithoutBody(api, "deleteListSchema", params);
}

/** Answers 204; read the list again to see the field. */
export async function addListSchemaField(api: PlatformClient, params: { schema_id: string; field: NewListField }): Promise<void> {
  await callMethodWithoutBody(api, "addListSchemaField", params);
}

export async function deleteListSchemaField(api: PlatformClient, params: { schema_id: string; slug: string }): Promise<void> {
  await callMethodWithoutBody(api, "deleteListSchemaField", params);
}

// Extensions (gaps.md): list records.

export function getListItems(api: PlatformClient, params: { schema_id: string; page?: number }): Promise<Extension<Page<ListItem>>> {
  return callExtension(api, "getListItems", () => callMethod(api, "getListItems", params, paginated(ListItemSchema), LIST_ITEM_READING));
}

export function addListItem(api: PlatformClient, params: { schema_id: string; item: Record<string, unknown> }): Promise<Extension<ListItem>> {
  return callExtension(api, "addListItem", async () => (await callMethod(api, "addListItem", params, dataOf(ListItemSchema), LIST_ITEM_READING)).data);
}

export function updateListItem(api: PlatformClient, params: { item_id: string; item: Record<string, unknown> }): Promise<Extension<ListItem>> {
  return callExtension(api, "updateListItem", async () => (await callMethod(api, "updateListItem", params, dataOf(ListItemSchema), LIST_ITEM_READING)).data);
}

export function deleteListItem(api: PlatformClient, params: { item_id: string }): Promise<Extension<void>> {
  return callExtension(api, "deleteListItem", async () => {
    await callMethodWithoutBody(api, "deleteListItem", params);
  });
}

export type { ListSchema, ListItem };
