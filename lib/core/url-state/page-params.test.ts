import fs from "node:fs";
import { describe, expect, test } from "vitest";
import { z } from "zod";
import { parseAsUuid } from "./parsers";
import { sourceFiles } from "@/lib/testing/source-files";
import { contactBrowserParsers, loadContactBrowserParams, serializeContactBrowserParams } from "@/lib/features/contacts/browser-params";
import { contactPageParsers, loadContactPageParams, serializeContactPageParams } from "@/lib/features/contacts/contact-params";
import { listPageParsers, loadListPageParams, serializeListPageParams } from "@/lib/features/lists/list-page-params";
import { listQueryHref, listsPageParsers, loadListsPageParams, serializeListsPageParams } from "@/lib/features/lists/lists-page-params";
import { loginPageParsers, loadLoginPageParams, serializeLoginPageParams } from "@/lib/auth/login-params";
import { batchPageParsers, batchProblemsHref, loadBatchPageParams, serializeBatchPageParams } from "@/lib/features/adjustments/batch-page-params";
import {
  activityExportHref,
  activityParsers,
  loadActivityExportParams,
  loadActivitySearchParams,
  serializeActivitySearchParams,
} from "@/lib/features/ledger/activity-filters";

type Load = (search: string) => Record<string, unknown>;
type Serialize = (values: Record<string, unknown>) => string;

/** Every page's URL map with its loader and serializer, a few states and a URL of bad values. */
const PAGES: { name: string; parsers: object; load: Load; serialize: Serialize; states: Record<string, unknown>[]; bad: string }[] = [
  {
    name: "contact browser",
    parsers: contactBrowserParsers,
    load: loadContactBrowserParams,
    serialize: serializeContactBrowserParams as Serialize,
    states: [
      { q: null, bot: null, from: null, to: null, sort: "id", page: 1, size: 20 },
      { q: "Иван +7 999", bot: 101, from: "2025-01-01", to: "2025-01-31", sort: "-created_at", page: 3, size: 500 },
    ],
    bad: "?bot=12abc&from=2025-02-30&to=tomorrow&page=-2&size=33",
  },
  {
    name: "contact",
    parsers: contactPageParsers,
    load: loadContactPageParams,
    serialize: serializeContactPageParams as Serialize,
    states: [
      { bot: null, created: null },
      { bot: 7, created: 1_735_689_600 },
    ],
    bad: "?bot=-7&created=1e9",
  },
  {
    name: "lists",
    parsers: listsPageParsers,
    load: loadListsPageParams,
    serialize: serializeListsPageParams as Serialize,
    states: [
      { q: "", sort: "created", dir: "desc", page: 1, deleted: null },
      { q: "Order & items #2 ?", sort: "name", dir: "asc", page: 4, deleted: "Tickets 50% off" },
    ],
    bad: "?q=%20%20&sort=password&dir=sideways&page=0&deleted=",
  },
  {
    name: "list",
    parsers: listPageParsers,
    load: loadListPageParams,
    serialize: serializeListPageParams as Serialize,
    states: [
      { records: 1, created: false },
      { records: 12, created: true },
    ],
    bad: "?records=two&created=yes",
  },
  {
    name: "sign-in",
    parsers: loginPageParsers,
    load: loadLoginPageParams,
    serialize: serializeLoginPageParams as Serialize,
    states: [
      { callbackUrl: null, error: null, email: null, notice: null },
      { callbackUrl: "/lists?q=a&page=2", error: "throttled:30", email: null, notice: null },
      { callbackUrl: null, error: null, email: "jo+new@example.com", notice: "password_set" },
    ],
    bad: "?next=%2Fcontacts",
  },
  {
    name: "activity",
    parsers: activityParsers,
    load: loadActivitySearchParams,
    serialize: serializeActivitySearchParams as Serialize,
    states: [
      { user: null, contact: null, kind: null, from: null, to: null, batch: null, page: 1 },
      {
        user: 3,
        contact: 42,
        kind: "top_up",
        from: new Date("2026-01-01"),
        to: new Date("2026-01-31"),
        batch: "0f6c2a9e-3b1d-4c5e-8f7a-1b2c3d4e5f60",
        page: 2,
      },
    ],
    bad: "?user=abc&kind=steal&from=2026-13-45&to=yesterday&page=x",
  },
  {
    name: "adjustment batch",
    parsers: batchPageParsers,
    load: loadBatchPageParams,
    serialize: serializeBatchPageParams as Serialize,
    states: [{ problems: 1 }, { problems: 7 }],
    bad: "?problems=0",
  },
];

describe.each(PAGES)("$name page URL", ({ parsers, load, serialize, states, bad }) => {
  test.each(states)("round trip: serialize, then load, gives %j back", (state) => {
    expect(load(serialize(state))).toEqual(state);
  });

  test("a URL of bad values loads as the defaults, and so does an empty one", () => {
    const defaults = load("");
    expect(load(bad)).toEqual(defaults);
    expect(Object.keys(defaults).sort()).toEqual(Object.keys(parsers).sort());
  });

  test("defaults are left out of links", () => {
    expect(serialize(load(""))).toBe("");
  });
});

describe("URLs the pages link to", () => {
  test("lists: a changed search or sort goes back to page 1; the notice is not carried", () => {
    const query = { q: "ord", sort: "name" as const, dir: "asc" as const, page: 3 };
    expect(listQueryHref(query, { q: "tick" })).toBe("/lists?q=tick&sort=name&dir=asc");
    expect(listQueryHref(query, { page: 4 })).toBe("/lists?q=ord&sort=name&dir=asc&page=4");
    expect(listQueryHref({ q: "", sort: "created", dir: "desc", page: 1 }, {})).toBe("/lists");
    expect(serializeListsPageParams("/lists", { deleted: "Orders" })).toBe("/lists?deleted=Orders");
  });

  test("the designer's and the browser's links keep the URLs people bookmarked", () => {
    expect(serializeListPageParams("/lists/abc", { created: true })).toBe("/lists/abc?created=1");
    expect(serializeContactPageParams("/contacts/5", { bot: 101, created: 1_735_689_600 })).toBe("/contacts/5?bot=101&created=1735689600");
  });

  test("a batch's problems: the first page is the batch's own address, the others add ?problems=", () => {
    expect(batchProblemsHref("/adjustments/abc", 1)).toBe("/adjustments/abc");
    expect(batchProblemsHref("/adjustments/abc", 3)).toBe("/adjustments/abc?problems=3");
    expect(loadBatchPageParams("?problems=-3").problems).toBe(1);
  });

  test("activity export: the page's filters without the page, bom=1 only for Excel", () => {
    const params = loadActivitySearchParams("?contact=42&kind=debit&page=3");
    expect(activityExportHref(params, false)).toBe("/api/dashboard/activity/export?contact=42&kind=debit");
    expect(activityExportHref(params, true)).toBe("/api/dashboard/activity/export?contact=42&kind=debit&bom=1");
    const { bom, page, ...filters } = loadActivityExportParams(new URL(activityExportHref(params, true), "http://localhost").searchParams);
    expect({ bom, page, filters }).toEqual({ bom: true, page: null, filters: { ...params, page: undefined } });
  });
});

/**
 * The server and the client read the URL with the same map: every client hook
 * (useUrlState, the one way client code reads and writes URL state) takes a map exported by a lib/…-params.ts
 * module (or activity-filters.ts), and that module builds its loader from the same object.
 */
test("every useUrlState takes a page map whose module builds the server loader from it", () => {
  const uses = [...sourceFiles("components"), ...sourceFiles("lib"), ...sourceFiles("app")]
    .filter((file) => !/\.test\.tsx?$/.test(file))
    .flatMap((file) => {
      const text = fs.readFileSync(file, "utf8");
      // nuqs' own hooks need its adapter, which the shell no longer mounts: none may come back.
      expect(text, `${file} reads the URL through useUrlState`).not.toMatch(/\buseQueryStates?\(/);
      return [...text.matchAll(/useUrlState\(\s*(\w+)/g)].map((match) => ({ file, text, map: match[1] }));
    });
  expect(uses.length).toBeGreaterThanOrEqual(2);
  for (const { file, text, map } of uses) {
    const source = new RegExp(`import\\s*{[^}]*\\b${map}\\b[^}]*}\\s*from\\s*"@/(lib/[^"]+)"`).exec(text)?.[1];
    expect(source, `${file}: ${map} is imported from lib/`).toBeDefined();
    const loaderSource = fs.readFileSync(`${source}.ts`, "utf8");
    expect(loaderSource, `${source}.ts builds its loader from ${map}`).toMatch(new RegExp(`createLoader\\(${map}\\)`));
  }
});

test("a UUID in the URL is what zod's z.uuid() takes (the parser keeps its pattern without importing zod)", () => {
  const values = [
    "0b6c3c1e-1111-4a2b-8c3d-000000000001",
    "0B6C3C1E-1111-4A2B-8C3D-00000000000A",
    "00000000-0000-0000-0000-000000000000",
    "ffffffff-ffff-ffff-ffff-ffffffffffff",
    "0b6c3c1e-1111-9a2b-8c3d-000000000001",
    "0b6c3c1e-1111-4a2b-7c3d-000000000001",
    "0b6c3c1e11114a2b8c3d000000000001",
    "0b6c3c1e-1111-4a2b-8c3d-00000000000",
    " 0b6c3c1e-1111-4a2b-8c3d-000000000001",
    "",
  ];
  const parsed = values.map((value) => parseAsUuid.parse(value));
  expect(parsed.map((value) => value !== null)).toEqual(values.map((value) => z.uuid().safeParse(value).success));
  expect(parsed.filter((value) => value !== null)).toEqual([
    "0b6c3c1e-1111-4a2b-8c3d-000000000001",
    "0b6c3c1e-1111-4a2b-8c3d-00000000000a",
    "00000000-0000-0000-0000-000000000000",
    "ffffffff-ffff-ffff-ffff-ffffffffffff",
  ]);
});
