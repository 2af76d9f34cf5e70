import { afterEach, describe, expect, test, vi } from "vitest";
import { act, renderHook } from "@testing-library/react";
import type { ReactNode } from "react";
import { contactBrowserParsers, loadContactBrowserParams, serializeContactBrowserParams } from "@/lib/features/contacts/browser-params";
import { listPageParsers, loadListPageParams, serializeListPageParams } from "@/lib/features/lists/list-page-params";
import { AppRouterContext, type AppRouterInstance } from "next/dist/shared/lib/app-router-context.shared-runtime";
import { PathnameContext, SearchParamsContext } from "next/dist/shared/lib/hooks-client-context.shared-runtime";
import { useUrlState } from "./use-url-state";

interface RecordedRouter {
  visited: string[];
}

/** Next's router contexts on the page `/page?<search>` (the address bar says the same); navigations are recorded. */
function atUrl(search: string, router: RecordedRouter = { visited: [] }) {
  window.history.replaceState(null, "", `/page${search}`);
  const record = (href: string) => void router.visited.push(href);
  const instance = { push: record, replace: record, back() {}, forward() {}, refresh() {}, prefetch() {} } as unknown as AppRouterInstance;
  return function AtUrl({ children }: { children: ReactNode }) {
    return (
      <AppRouterContext.Provider value={instance}>
        <PathnameContext.Provider value="/page">
          <SearchParamsContext.Provider value={new URLSearchParams(search)}>{children}</SearchParamsContext.Provider>
        </PathnameContext.Provider>
      </AppRouterContext.Provider>
    );
  };
}

afterEach(() => {
  vi.restoreAllMocks();
  window.history.replaceState(null, "", "/");
});

/**
 * The pages that read their URL in the browser (useUrlState) read it as the
 * server loader does, because both take the same parser map; and what the hook
 * writes is what the page's serializer would link to.
 */
describe.each([
  {
    name: "contact browser",
    parsers: contactBrowserParsers,
    load: loadContactBrowserParams as (search: string) => object,
    serialize: serializeContactBrowserParams as (values: object) => string,
    urls: ["", "?bot=101&from=2025-01-01&to=2025-01-31&page=3&size=50", "?bot=12abc&page=-2&size=33&from=tomorrow", "?q=%20%2B7%20999%20&page=2", "?q=%20"],
    change: { q: "ivan", page: 4, size: 100 },
  },
  {
    name: "list (records page)",
    parsers: listPageParsers,
    load: loadListPageParams as (search: string) => object,
    serialize: serializeListPageParams as (values: object) => string,
    urls: ["", "?records=3&created=1", "?records=two&created=yes"],
    change: { records: 2 },
  },
])("$name: client and server read the URL alike", ({ parsers, load, serialize, urls, change }) => {
  test.each(urls)("%j", (search) => {
    const { result } = renderHook(() => useUrlState(parsers)[0], { wrapper: atUrl(search) });
    expect(result.current).toEqual(load(search));
  });

  test("a change written by the hook is the serializer's link, read back the same", () => {
    const { result } = renderHook(() => useUrlState(parsers), { wrapper: atUrl("") });
    const replaceState = vi.spyOn(window.history, "replaceState");
    act(() => result.current[1](change as never));
    expect(replaceState).toHaveBeenCalledOnce();
    const written = window.location.search;
    expect(written).toBe(serialize({ ...load(""), ...change }));
    expect(load(written)).toEqual({ ...load(""), ...change });
  });
});

describe("useUrlState", () => {
  test("push adds a history entry, shallow: the router is not asked to render the page again", () => {
    const router: RecordedRouter = { visited: [] };
    const { result } = renderHook(() => useUrlState(contactBrowserParsers, { history: "push" }), { wrapper: atUrl("?bot=5&page=3", router) });
    const pushState = vi.spyOn(window.history, "pushState");
    act(() => result.current[1]({ q: "ivan", page: null }));
    expect(pushState).toHaveBeenCalledOnce();
    expect(window.location.search).toBe("?bot=5&q=ivan");
    expect(router.visited).toEqual([]);
  });

  test("a value equal to the URL's writes nothing", () => {
    const pushState = vi.spyOn(window.history, "pushState");
    const { result } = renderHook(() => useUrlState(contactBrowserParsers, { history: "push" }), { wrapper: atUrl("?bot=5") });
    act(() => result.current[1]({ bot: 5, page: null }));
    expect(pushState).not.toHaveBeenCalled();
  });

  test("shallow: false navigates through the router, in the caller's transition", () => {
    const router: RecordedRouter = { visited: [] };
    const startTransition = vi.fn((run: () => void) => run());
    const { result } = renderHook(() => useUrlState(listPageParsers, { history: "push", shallow: false, startTransition }), {
      wrapper: atUrl("?records=3", router),
    });
    act(() => result.current[1]({ records: 1, created: true }));
    expect(startTransition).toHaveBeenCalledOnce();
    expect(router.visited).toEqual(["/page?created=1"]);
  });
});
