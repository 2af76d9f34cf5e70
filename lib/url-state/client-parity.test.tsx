import { describe, expect, test, vi } from "vitest";
import { act, renderHook, waitFor } from "@testing-library/react";
import { useQueryStates } from "nuqs";
import { withNuqsTestingAdapter, type UrlUpdateEvent } from "nuqs/adapters/testing";
import { contactBrowserParsers, loadContactBrowserParams, serializeContactBrowserParams } from "@/lib/contacts/browser-params";
import { listPageParsers, loadListPageParams, serializeListPageParams } from "@/lib/dashboard/lists/list-page-params";

/**
 * The pages that read their URL in the browser (useQueryStates) read it as the
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
    const { result } = renderHook(() => useQueryStates(parsers)[0], { wrapper: withNuqsTestingAdapter({ searchParams: search }) });
    expect(result.current).toEqual(load(search));
  });

  test("a change written by the hook is the serializer's link, read back the same", async () => {
    const onUrlUpdate = vi.fn<(event: UrlUpdateEvent) => void>();
    const { result } = renderHook(() => useQueryStates(parsers), { wrapper: withNuqsTestingAdapter({ searchParams: "", onUrlUpdate }) });
    await act(() => result.current[1](change as never));
    await waitFor(() => expect(onUrlUpdate).toHaveBeenCalled());
    const written = onUrlUpdate.mock.calls.at(-1)![0].queryString;
    expect(written).toBe(serialize({ ...load(""), ...change }));
    expect(load(written)).toEqual(result.current[0]);
  });
});
