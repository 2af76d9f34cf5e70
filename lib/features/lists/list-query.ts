import type { ListView, TargetDirectory } from "./types";

/** The Lists page's search and sort (an allow-list of columns); its URL is lib/features/lists/lists-page-params.ts. */
export const LIST_SORTS = ["name", "target", "fields", "created", "updated"] as const;
export type ListSort = (typeof LIST_SORTS)[number];
export const SORT_DIRECTIONS = ["asc", "desc"] as const;
export type SortDirection = (typeof SORT_DIRECTIONS)[number];

export interface ListQuery {
  q: string;
  sort: ListSort;
  dir: SortDirection;
  page: number;
}

export const LISTS_PER_SCREEN = 50;

/** "Online shop" for a project list, "Promo bot (Online shop)" for a bot's; ids when getMe does not name them. */
export function targetLabel(list: Pick<ListView, "project" | "botId">, directory: TargetDirectory): string {
  const project = directory.projects.find((candidate) => candidate.uuid === list.project);
  const projectName = project?.name ?? list.project;
  if (list.botId === null) return projectName;
  const bot = directory.projects.flatMap((candidate) => candidate.bots).find((candidate) => candidate.id === list.botId);
  return `${bot?.name ?? `#${list.botId}`} (${projectName})`;
}

const compareText = (collator: Intl.Collator) => (a: string, b: string) => collator.compare(a, b);

/** Search by name (case-insensitive substring), then sort by an allowed column; ties keep the platform's order. */
export function applyListQuery(lists: readonly ListView[], query: ListQuery, directory: TargetDirectory, locale: string): ListView[] {
  const collator = new Intl.Collator(locale, { sensitivity: "base", numeric: true });
  const needle = query.q.toLocaleLowerCase(locale);
  const found = needle ? lists.filter((list) => list.name.toLocaleLowerCase(locale).includes(needle)) : [...lists];
  const text = compareText(collator);
  const comparators: Record<ListSort, (a: ListView, b: ListView) => number> = {
    name: (a, b) => text(a.name, b.name),
    target: (a, b) => text(targetLabel(a, directory), targetLabel(b, directory)),
    fields: (a, b) => a.fields.length - b.fields.length,
    created: (a, b) => Date.parse(a.createdAt) - Date.parse(b.createdAt),
    updated: (a, b) => Date.parse(a.updatedAt) - Date.parse(b.updatedAt),
  };
  const compare = comparators[query.sort];
  const sign = query.dir === "asc" ? 1 : -1;
  return found
    .map((list, index) => ({ list, index }))
    .sort((a, b) => sign * compare(a.list, b.list) || a.index - b.index)
    .map(({ list }) => list);
}
