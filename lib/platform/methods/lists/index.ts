import type { ApiMethod } from "../../method";
import { addListItem } from "./add-list-item";
import { addListSchemaField } from "./add-list-schema-field";
import { createListSchema } from "./create-list-schema";
import { deleteListItem } from "./delete-list-item";
import { deleteListSchema } from "./delete-list-schema";
import { deleteListSchemaField } from "./delete-list-schema-field";
import { getListItems } from "./get-list-items";
import { getListSchema } from "./get-list-schema";
import { getListSchemas } from "./get-list-schemas";
import { updateListItem } from "./update-list-item";

/**
 * The lists methods of /api/v1, by method name. The four record methods
 * (getListItems, addListItem, updateListItem, deleteListItem) are our extension:
 * the spec only names them (docs/api-lists.md).
 */
export const listMethods: Record<string, ApiMethod> = {
  getListSchemas,
  getListSchema,
  createListSchema,
  deleteListSchema,
  addListSchemaField,
  deleteListSchemaField,
  getListItems,
  addListItem,
  updateListItem,
  deleteListItem,
} as Record<string, ApiMethod>;
