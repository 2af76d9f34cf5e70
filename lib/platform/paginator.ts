import type { RawJson } from "./json";

/**
 * Laravel's LengthAwarePaginator as JSON: `links` and `meta`. `meta.links`
 * (Laravel's UrlWindow, three pages on each side of the current one) only where
 * the spec shows it: `getContacts` in page mode. `getListSchemas` (and our list
 * and journal extensions, which follow it) have exactly `current_page, from,
 * last_page, path, per_page, to, total`.
 */
export interface PageLink {
  url: string | null;
  label: string;
  active: boolean;
}

export interface Paginated<T> {
  data: T[];
  links: { first: string; last: string; prev: string | null; next: string | null };
  meta: {
    current_page: number;
    from: number | null;
    last_page: number;
    links?: PageLink[];
    path: string;
    per_page: number;
    to: number | null;
    total: number;
  };
}

const ON_EACH_SIDE = 3;

function range(from: number, to: number): number[] {
  const pages: number[] = [];
  for (let page = from; page <= to; page++) pages.push(page);
  return pages;
}

/** Laravel's UrlWindow::get + elements(): page numbers, with "..." between runs. */
export function pageWindow(currentPage: number, lastPage: number): (number | "...")[] {
  if (lastPage < ON_EACH_SIDE * 2 + 8) return range(1, lastPage);
  const window = ON_EACH_SIDE + 4;
  const start = [1, 2];
  const finish = [lastPage - 1, lastPage];
  if (currentPage <= window) return [...range(1, window + ON_EACH_SIDE), "...", ...finish];
  if (currentPage > lastPage - window) return [...start, "...", ...range(lastPage - (window + (ON_EACH_SIDE - 1)), lastPage)];
  return [...start, "...", ...range(currentPage - ON_EACH_SIDE, currentPage + ON_EACH_SIDE), "...", ...finish];
}

interface PageOptions {
  total: number;
  perPage: number;
  page: number;
  path: string;
  metaLinks?: boolean;
}

export function paginate<T>(items: T[], options: PageOptions): Paginated<T> {
  return { data: items, ...linksAndMeta(items.length, options) };
}

/** A page whose items are JSON already written (getContacts: PostgreSQL's text, see contacts/page.ts): `count` of them. */
export function paginateRaw(items: RawJson, count: number, options: PageOptions): Omit<Paginated<never>, "data"> & { data: RawJson } {
  return { data: items, ...linksAndMeta(count, options) };
}

/** `links` and `meta` of a page holding `count` items. */
function linksAndMeta(count: number, options: PageOptions): Omit<Paginated<never>, "data"> {
  const { total, perPage, page, path } = options;
  const lastPage = Math.max(Math.ceil(total / perPage), 1);
  const url = (n: number) => `${path}?page=${n}`;
  const prev = page > 1 ? url(page - 1) : null;
  const next = page < lastPage ? url(page + 1) : null;
  const from = count > 0 ? (page - 1) * perPage + 1 : null;
  const to = count > 0 ? (page - 1) * perPage + count : null;
  const meta = { current_page: page, from, last_page: lastPage, path, per_page: perPage, to, total };
  if (!options.metaLinks) return { links: { first: url(1), last: url(lastPage), prev, next }, meta };
  const links: PageLink[] = [
    { url: prev, label: "&laquo; Previous", active: false },
    ...pageWindow(page, lastPage).map((entry) =>
      entry === "..." ? { url: null, label: "...", active: false } : { url: url(entry), label: String(entry), active: entry === page },
    ),
    { url: next, label: "Next &raquo;", active: false },
  ];
  return {
    links: { first: url(1), last: url(lastPage), prev, next },
    meta: { current_page: page, from, last_page: lastPage, links, path, per_page: perPage, to, total },
  };
}
