"use server";

import { revalidatePath } from "next/cache";
import { authedAction } from "@/lib/auth/authed-action";
import { getPlatform } from "@/lib/dashboard/platform";
import { AddFieldFormSchema, CreateListFormSchema, DeleteFieldFormSchema, DeleteListFormSchema } from "@/lib/features/lists/forms/lists";
import { DeleteRecordSchema, SaveRecordSchema } from "@/lib/features/lists/forms/list-record-actions";
import { addField, createList, deleteField, deleteList } from "@/lib/features/lists/design-list";
import { deleteRecord, saveRecord } from "@/lib/features/lists/records";

/** Creates the list on the platform; the browser then opens its page. */
export const createListAction = authedAction("lists.design", CreateListFormSchema, async (input) => {
  const list = await createList(await getPlatform(), input);
  revalidatePath("/lists");
  return { id: list.id, name: list.name };
});

/** Appends a field; answers with the list as a fresh getListSchema shows it. */
export const addFieldAction = authedAction("lists.design", AddFieldFormSchema, async (input) => {
  const list = await addField(await getPlatform(), input.schemaId, input.field);
  revalidatePath(`/lists/${input.schemaId}`);
  revalidatePath("/lists");
  return { fields: list.fields, updatedAt: list.updatedAt };
});

/** Deleting a field is part of designing a list (perm.lists.design: "create them, add and delete fields"). */
export const deleteFieldAction = authedAction("lists.design", DeleteFieldFormSchema, async (input) => {
  const list = await deleteField(await getPlatform(), input.schemaId, input.slug);
  revalidatePath(`/lists/${input.schemaId}`);
  revalidatePath("/lists");
  return { fields: list.fields, updatedAt: list.updatedAt };
});

export const deleteListAction = authedAction("lists.delete", DeleteListFormSchema, async (input) => {
  const deleted = await deleteList(await getPlatform(), input.schemaId, input.confirmation);
  revalidatePath("/lists");
  return deleted;
});

export const saveRecordAction = authedAction("lists.records.write", SaveRecordSchema, async (input) => {
  return saveRecord(await getPlatform(), input);
});

export const deleteRecordAction = authedAction("lists.records.write", DeleteRecordSchema, async (input) => {
  await deleteRecord(await getPlatform(), input.itemId);
  return { id: input.itemId };
});
