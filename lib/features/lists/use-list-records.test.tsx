import { describe, expect, test } from "vitest";
import { act, waitFor } from "@testing-library/react";
import { ApiError } from "@/lib/core/actions/fetch-json";
import type { RecordsAnswer } from "@/lib/features/lists/types";
import { serveJsonToTheBrowser } from "@/lib/testing/json-server";
import { renderWithQueryClient } from "@/lib/testing/query-client";
import { listRecordsUrl, useListRecords, useRefreshListRecords } from "./use-list-records";

const SCHEMA = "list/ä 1";
const FIELDS = [{ slug: "title" }];
const pageOf = (page: number, title: string): RecordsAnswer => ({
  available: true,
  records: [{ id: `r${page}`, values: { title }, createdAt: "2026-01-01T00:00:00+00:00", updatedAt: "2026-01-01T00:00:00+00:00" }],
  page,
  pages: 3,
  total: 3,
});

const server = serveJsonToTheBrowser();

describe("useListRecords", () => {
  test("reads the page from the records route, the list id encoded", async () => {
    server.answer = (url) => ({ body: pageOf(Number(url.searchParams.get("page")), `title of ${url.searchParams.get("schemaId")}`) });
    const { result } = renderWithQueryClient(({ page }) => useListRecords(SCHEMA, FIELDS, page), { page: 2 });
    await waitFor(() => expect(result.current.isSuccess).toBe(true));
    expect(server.requests).toEqual(["/api/dashboard/lists/items?schemaId=list%2F%C3%A4+1&page=2"]);
    expect(listRecordsUrl(SCHEMA, 2)).toBe(server.requests[0]);
    expect(result.current.data).toEqual(pageOf(2, `title of ${SCHEMA}`));
  });

  test("the page the server read is there from the first render, without a request; another page is read from the route", async () => {
    server.answer = (url) => ({ body: pageOf(Number(url.searchParams.get("page")), "from the route") });
    const initial = { page: 1, answer: pageOf(1, "from the server") };
    const { result, rerender } = renderWithQueryClient(({ page }) => useListRecords(SCHEMA, FIELDS, page, initial), { page: 1 });
    expect(result.current.data).toEqual(pageOf(1, "from the server"));
    rerender({ page: 2 });
    await waitFor(() => expect(result.current.data).toEqual(pageOf(2, "from the route")));
    expect(server.requests).toEqual([listRecordsUrl(SCHEMA, 2)]);
  });

  test("keeps the previous page on screen while the next one loads", async () => {
    server.answer = (url) => {
      const page = Number(url.searchParams.get("page"));
      return { body: pageOf(page, `page ${page}`), delay: page === 3 ? 300 : 0 };
    };
    const { result, rerender } = renderWithQueryClient(({ page }) => useListRecords(SCHEMA, FIELDS, page), { page: 2 });
    await waitFor(() => expect(result.current.isSuccess).toBe(true));
    rerender({ page: 3 });
    expect(result.current.isPlaceholderData).toBe(true);
    expect(result.current.data).toEqual(pageOf(2, "page 2"));
    await waitFor(() => expect(result.current.data).toEqual(pageOf(3, "page 3")));
    expect(result.current.isPlaceholderData).toBe(false);
  });

  test("a refusal of the route is an ApiError with its message and status", async () => {
    server.answer = () => ({ status: 403, body: { error: { kind: "forbidden", code: "forbidden", message: "Requires the role owner.", fieldErrors: {} } } });
    const { result } = renderWithQueryClient(() => useListRecords(SCHEMA, FIELDS, 1), {});
    // The dashboard's cache tries a failed read once more, a second later.
    await waitFor(() => expect(result.current.isError).toBe(true), { timeout: 3000 });
    expect(server.requests).toHaveLength(2);
    expect(result.current.error).toBeInstanceOf(ApiError);
    expect((result.current.error as ApiError).status).toBe(403);
    expect(result.current.error?.message).toBe("Requires the role owner.");
  });

  test("after a write, refreshing reads the list's records again", async () => {
    let title = "before";
    server.answer = (url) => ({ body: pageOf(Number(url.searchParams.get("page")), title) });
    const { result } = renderWithQueryClient(() => ({ records: useListRecords(SCHEMA, FIELDS, 1), refresh: useRefreshListRecords(SCHEMA) }), {});
    await waitFor(() => expect(result.current.records.data).toEqual(pageOf(1, "before")));
    title = "after";
    await act(() => result.current.refresh());
    await waitFor(() => expect(result.current.records.data).toEqual(pageOf(1, "after")));
    expect(server.requests).toHaveLength(2);
  });

  test("another list's refresh leaves this list's records alone", async () => {
    server.answer = (url) => ({ body: pageOf(Number(url.searchParams.get("page")), "same") });
    const { result } = renderWithQueryClient(() => ({ records: useListRecords(SCHEMA, FIELDS, 1), refreshOther: useRefreshListRecords("other") }), {});
    await waitFor(() => expect(result.current.records.isSuccess).toBe(true));
    await act(() => result.current.refreshOther());
    expect(server.requests).toHaveLength(1);
  });
});
