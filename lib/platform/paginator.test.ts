import { describe, expect, test } from "vitest";
import { RawJson, stringifyJson } from "./json";
import { pageWindow, paginate, paginateRaw } from "./paginator";

describe("paginator", () => {
  test("Laravel's links and meta on a middle page", () => {
    const page = paginate([1, 2], { total: 5, perPage: 2, page: 2, path: "http://x/api/v1/m", metaLinks: true });
    expect(page.links).toEqual({
      first: "http://x/api/v1/m?page=1",
      last: "http://x/api/v1/m?page=3",
      prev: "http://x/api/v1/m?page=1",
      next: "http://x/api/v1/m?page=3",
    });
    expect(page.meta).toEqual({
      current_page: 2,
      from: 3,
      last_page: 3,
      links: [
        { url: "http://x/api/v1/m?page=1", label: "&laquo; Previous", active: false },
        { url: "http://x/api/v1/m?page=1", label: "1", active: false },
        { url: "http://x/api/v1/m?page=2", label: "2", active: true },
        { url: "http://x/api/v1/m?page=3", label: "3", active: false },
        { url: "http://x/api/v1/m?page=3", label: "Next &raquo;", active: false },
      ],
      path: "http://x/api/v1/m",
      per_page: 2,
      to: 4,
      total: 5,
    });
  });

  test("without metaLinks (getListSchemas and the extensions that follow it), meta has exactly the spec's seven keys", () => {
    const page = paginate([1, 2], { total: 5, perPage: 2, page: 2, path: "p" });
    expect(Object.keys(page.meta)).toEqual(["current_page", "from", "last_page", "path", "per_page", "to", "total"]);
    expect(Object.keys(page)).toEqual(["data", "links", "meta"]);
  });

  test("an empty result: from and to null, one last page, next null", () => {
    const page = paginate([], { total: 0, perPage: 50, page: 1, path: "p" });
    expect(page.meta).toMatchObject({ from: null, to: null, last_page: 1, total: 0 });
    expect(page.links).toMatchObject({ prev: null, next: null, last: "p?page=1" });
  });

  test("paginateRaw: the same links and meta around items already written, `count` of them", () => {
    for (const [count, page] of [
      [2, 2],
      [0, 4],
      [1, 3],
    ]) {
      const options = { total: 5, perPage: 2, page, path: "p", metaLinks: true };
      const items = Array.from({ length: count }, (_, i) => ({ id: i }));
      const raw = paginateRaw(new RawJson(JSON.stringify(items)), count, options);
      expect(stringifyJson(raw)).toBe(stringifyJson(paginate(items, options)));
    }
  });

  test("UrlWindow: near the start, in the middle, near the end", () => {
    expect(pageWindow(1, 13)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13]);
    expect(pageWindow(1, 50)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, "...", 49, 50]);
    expect(pageWindow(25, 50)).toEqual([1, 2, "...", 22, 23, 24, 25, 26, 27, 28, "...", 49, 50]);
    expect(pageWindow(48, 50)).toEqual([1, 2, "...", 41, 42, 43, 44, 45, 46, 47, 48, 49, 50]);
  });
});
