import "server-only";
import { getListSchema, getListSchemas, getMe, type ListSchema, type PlatformClient } from "@/lib/api";
import { FIELD_TYPES, type FieldType } from "@/lib/dashboard/forms/lists";
import type { FieldView, ListView, TargetDirectory } from "./types";

const KNOWN_TYPES = new Set<string>(FIELD_TYPES);

/** The platform's list schema as the pages show it: fields as an ordered array. */
export function toListView(list: ListSchema): ListView {
  const fields: FieldView[] = list.fields.map(([slug, field]) => ({
    slug,
    name: field.name,
    // A type this dashboard does not know (a newer platform) is shown and edited as text.
    type: (KNOWN_TYPES.has(field.type) ? field.type : "string") as FieldType,
    currency: field.type === "money" ? (field.currency ?? "USD") : null,
    isRequired: field.is_required,
    isHidden: field.is_hidden,
    isEncryptable: field.is_encryptable,
  }));
  return {
    id: list.id,
    name: list.name,
    project: list.project,
    botId: list.bot_id,
    fields,
    createdAt: list.created_at,
    updatedAt: list.updated_at,
  };
}

/** Pages fetched at once after the first (the shared request budget paces them). */
const PARALLEL_PAGES = 4;

/** Every list of the account: all pages of getListSchemas (50 each, fixed by the platform), in the platform's order. */
export async function loadAllLists(api: PlatformClient): Promise<ListView[]> {
  const first = await getListSchemas(api, { page: 1 });
  const pages = [first.data];
  for (let next = 2; next <= first.meta.last_page; next += PARALLEL_PAGES) {
    const batch = Array.from({ length: Math.min(PARALLEL_PAGES, first.meta.last_page - next + 1) }, (_, i) => next + i);
    pages.push(...(await Promise.all(batch.map(async (page) => (await getListSchemas(api, { page })).data))));
  }
  // A list created between two page reads could shift another one onto a page already read: keep each id once.
  const seen = new Set<string>();
  return pages.flat().filter((list) => !seen.has(list.id) && Boolean(seen.add(list.id))).map(toListView);
}

export async function loadList(api: PlatformClient, schemaId: string): Promise<ListView> {
  return toListView(await getListSchema(api, { schema_id: schemaId }));
}

/**
 * Projects and bots by name, from getMe. A platform whose getMe says less (the
 * spec does not show its fields) gives an empty directory: the designer then
 * asks for a typed project UUID or bot id.
 */
export async function loadTargetDirectory(api: PlatformClient): Promise<TargetDirectory> {
  const me = await getMe(api);
  return {
    projects: (me.projects ?? []).map((project) => ({
      uuid: project.uuid,
      name: project.name ?? null,
      bots: (project.bots ?? []).map((bot) => ({ id: bot.id, name: bot.name ?? null })),
    })),
  };
}
