import "server-only";
import { type FieldDefinition, FIELD_TYPES, type FieldType } from "@/lib/contract/facts";
import { cached, CacheEntry, CacheTtlMs, getListSchema, getListSchemas, remember, type Cached, type ListSchema, type PlatformClient } from "@/lib/api";
import { loadMe } from "@/lib/dashboard/load-me";
import type { ListView, TargetDirectory } from "./types";

const KNOWN_TYPES = new Set<string>(FIELD_TYPES);

/** The platform's list schema as the pages show it: fields as an ordered array. */
export function toListView(list: ListSchema): ListView {
  const fields: FieldDefinition[] = list.fields.map(([slug, field]) => ({
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

/** Every list of the account from the platform: all pages of getListSchemas (50 each, fixed), in the platform's order. */
async function fetchAllListSchemas(api: PlatformClient): Promise<ListSchema[]> {
  const first = await getListSchemas(api, { page: 1 });
  const pages = [first.data];
  for (let next = 2; next <= first.meta.last_page; next += PARALLEL_PAGES) {
    const batch = Array.from({ length: Math.min(PARALLEL_PAGES, first.meta.last_page - next + 1) }, (_, i) => next + i);
    pages.push(...(await Promise.all(batch.map(async (page) => (await getListSchemas(api, { page })).data))));
  }
  // A list created between two page reads could shift another one onto a page already read: keep each id once.
  const seen = new Set<string>();
  return pages.flat().filter((list) => !seen.has(list.id) && Boolean(seen.add(list.id)));
}

const mapCached = <T, U>(entry: Cached<T>, map: (value: T) => U): Cached<U> => ({ ...entry, value: map(entry.value) });

/** Every list of the account, through the platform cache (entry "list-schemas"). */
export async function loadAllLists(api: PlatformClient): Promise<Cached<ListView[]>> {
  return mapCached(await cached(api, CacheEntry.listSchemas, CacheTtlMs.listSchemas, () => fetchAllListSchemas(api)), (lists) => lists.map(toListView));
}

/** One list, through the platform cache (entry "list-schema:<id>"); a missing list is never cached (404). */
export async function loadList(api: PlatformClient, schemaId: string): Promise<Cached<ListView>> {
  return mapCached(await cached(api, CacheEntry.listSchema(schemaId), CacheTtlMs.listSchema, () => getListSchema(api, { schema_id: schemaId })), toListView);
}

/**
 * One list as the platform has it now, for writes that check against it (a
 * record's values, a deletion's typed name); the cache entry is replaced with it.
 */
export async function loadFreshList(api: PlatformClient, schemaId: string): Promise<ListView> {
  const list = await getListSchema(api, { schema_id: schemaId });
  return toListView((await remember(api, CacheEntry.listSchema(schemaId), list)).value);
}

/**
 * Projects and bots by name, from getMe (cached). A platform whose getMe says
 * less (the spec does not show its fields) gives an empty directory: the
 * designer then asks for a typed project UUID or bot id.
 */
export async function loadTargetDirectory(api: PlatformClient): Promise<Cached<TargetDirectory>> {
  return mapCached(await loadMe(api), (me) => ({
    projects: (me.projects ?? []).map((project) => ({
      uuid: project.uuid,
      name: project.name ?? null,
      bots: (project.bots ?? []).map((bot) => ({ id: bot.id, name: bot.name ?? null })),
    })),
  }));
}
