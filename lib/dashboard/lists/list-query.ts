import type { ListView, TargetDirectory } from "./types";

/** The Lists page's URL state: search, sort (an allow-list of columns), direction, page. Bad values fall back to defaults. */
const LIST_SORTS = ["name", "target", "fields", "created", "updated"] as const;
export type ListSort = (typeof LIST_SORTS)[number];
export type SortDirection = "asc" | "desc";

export interface ListQuery {
  q: string;
  sort: ListSort;
  dir: SortDirection;
  page: number;
}

export const DEFAULT_LIST_QUERY: ListQuery = { q: "", sort: "created", dir: "desc", page: 1 };
export const LISTS_PER_SCREEN = 50;

type Params = Record<string, string | string[] | undefined>;
const first = (value: string | string[] | undefined): string | undefined => (Array.isArray(value) ? value[0] : value);

export function parseListQuery(params: Params): ListQuery {
  const sort = first(params.sort);
  const dir = first(params.dir);
  const page = first(params.page);
  return {
    q: (first(params.q) ?? "").trim().slice(0, 255),
    sort: (LIST_SORTS as readonly string[]).includes(sort ?? "") ? (sort as ListSort) : DEFAULT_LIST_QUERY.sort,
    dir: dir === "asc" || dir === "desc" ? dir : DEFAULT_LIST_QUERY.dir,
    page: page && /^\d{1,6}$/.test(page) && Number(page) >= 1 ? Number(page) : 1,
  };
}

/** The URL of the page with some of the state changed; a changed search or sort goes back to page 1. */
export function listQueryHref(query: ListQuery, change: Partial<ListQuery>): string {
  const next = { ...query, ...change };
  if (change.q !== undefined || change.sort !== undefined || change.dir !== undefined) next.page = change.page ?? 1;
  const params = new URLSearchParams();
  if (next.q) params.set("q", next.q);
  if (next.sort !== DEFAULT_LIST_QUERY.sort || next.dir !== DEFAULT_LIST_QUERY.dir) {
    params.set("sort", next.sort);
    params.set("dir", next.dir);
  }
  if (next.page > 1) params.set("page", String(next.page));
  const text = params.toString();
  return text ? `/lists?${text}` : "/lists";
}

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
