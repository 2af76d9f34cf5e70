import { describe, expect, test } from "vitest";
import { applyListQuery, targetLabel } from "./list-query";
import { loadListsPageParams } from "./lists-page-params";
import type { ListView, TargetDirectory } from "./types";

const P1 = "6f1b8a2e-3c4d-4e5f-8a9b-000000000001";
const P2 = "6f1b8a2e-3c4d-4e5f-8a9b-000000000002";
const directory: TargetDirectory = {
  projects: [
    { uuid: P1, name: "Online shop", bots: [{ id: 102, name: "Promo bot" }] },
    { uuid: P2, name: "Help desk", bots: [] },
  ],
};
const list = (name: string, fields: number, created: string, updated: string, project = P1, botId: number | null = null): ListView => ({
  id: name,
  name,
  project,
  botId,
  fields: Array.from({ length: fields }, (_, i) => ({
    slug: `f${i}`,
    name: `F${i}`,
    type: "string",
    currency: null,
    isRequired: true,
    isHidden: false,
    isEncryptable: false,
  })),
  createdAt: created,
  updatedAt: updated,
});
const LISTS = [
  list("Orders", 3, "2026-01-01T10:00:00+00:00", "2026-01-09T10:00:00+00:00"),
  list("promo codes", 2, "2026-01-02T10:00:00+00:00", "2026-01-02T10:00:00+00:00", P1, 102),
  list("Tickets", 5, "2026-01-03T10:00:00+00:00", "2026-01-04T10:00:00+00:00", P2),
  list("Order items 10", 1, "2026-01-04T10:00:00+00:00", "2026-01-05T10:00:00+00:00"),
  list("Order items 9", 1, "2026-01-05T10:00:00+00:00", "2026-01-05T10:00:00+00:00"),
];
const names = (lists: ListView[]) => lists.map((l) => l.name);
// The page's state when the URL says nothing (the URL map's defaults).
const { deleted: _notice, ...DEFAULT_LIST_QUERY } = loadListsPageParams({});

describe("Lists page: search and sort", () => {
  const run = (change: Partial<typeof DEFAULT_LIST_QUERY>) => names(applyListQuery(LISTS, { ...DEFAULT_LIST_QUERY, ...change }, directory, "en"));

  test("search matches the name, ignoring case", () => {
    expect(run({ q: "ORDER", sort: "created", dir: "asc" })).toEqual(["Orders", "Order items 10", "Order items 9"]);
    expect(run({ q: "nothing" })).toEqual([]);
  });

  test.each([
    ["name", "asc", ["Order items 9", "Order items 10", "Orders", "promo codes", "Tickets"]],
    ["fields", "desc", ["Tickets", "Orders", "promo codes", "Order items 10", "Order items 9"]],
    ["created", "desc", ["Order items 9", "Order items 10", "Tickets", "promo codes", "Orders"]],
    ["updated", "desc", ["Orders", "Order items 10", "Order items 9", "Tickets", "promo codes"]],
    ["target", "asc", ["Tickets", "Orders", "Order items 10", "Order items 9", "promo codes"]],
  ] as const)("sort by %s %s", (sort, dir, expected) => {
    expect(run({ sort, dir })).toEqual(expected);
  });

  test("a target is named from getMe, or shown by id when getMe does not know it", () => {
    expect(targetLabel({ project: P1, botId: 102 }, directory)).toBe("Promo bot (Online shop)");
    expect(targetLabel({ project: P2, botId: null }, directory)).toBe("Help desk");
    expect(targetLabel({ project: P1, botId: 7 }, { projects: [] })).toBe(`#7 (${P1})`);
  });
});
