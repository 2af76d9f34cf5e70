import { describe, expect, test } from "vitest";
import { waitFor } from "@testing-library/react";
import type { ContactBrowserParams } from "@/lib/features/contacts/browser-params";
import type { ExportJobView } from "@/lib/features/contacts/export/jobs";
import type { ContactPageView } from "@/lib/features/contacts/rows";
import { serveJsonToTheBrowser } from "@/lib/testing/json-server";
import { renderWithQueryClient } from "@/lib/testing/query-client";
import { contactPageRequest, contactPageUrl, useContactPage } from "./use-contacts";
import { exportDownloadUrl, useExports } from "./export/use-exports";

const ALL: ContactBrowserParams = { q: null, bot: null, from: null, to: null, sort: "id", page: 1, size: 20 };
const view = (page: number, total: number): ContactPageView => ({
  rows: [],
  total,
  page,
  lastPage: 9,
  perPage: 20,
  search: null,
  sortable: true,
  selectable: true,
  exportTotal: total,
});

const server = serveJsonToTheBrowser();

describe("contact page URL", () => {
  test("the zone is sent (and keyed) only with a date filter", () => {
    expect(contactPageRequest(ALL, "Europe/Moscow").tz).toBeNull();
    expect(contactPageUrl(contactPageRequest(ALL, "Europe/Moscow"))).toBe("/api/dashboard/contacts");
    expect(contactPageUrl(contactPageRequest({ ...ALL, bot: 5, from: "2025-01-01", page: 2 }, "Europe/Moscow"))).toBe(
      "/api/dashboard/contacts?bot=5&from=2025-01-01&page=2&tz=Europe%2FMoscow",
    );
    expect(contactPageUrl(contactPageRequest({ ...ALL, q: "+7 999", page: 2 }, "UTC"))).toBe("/api/dashboard/contacts?q=%2B7+999&page=2");
  });
});

describe("useContactPage", () => {
  test("the page the server rendered is shown without asking again", async () => {
    server.answer = () => ({ body: view(1, 0) });
    const initial = { params: { ...ALL, bot: 5 }, timeZone: "UTC", data: view(1, 77) };
    const { result } = renderWithQueryClient(() => {
      const { query, isInitialPage } = useContactPage({ ...ALL, bot: 5 }, "Europe/Moscow", initial);
      return { data: query.data, isInitialPage };
    });
    // Without a date filter the zone does not matter: the server's page is this one.
    expect(result.current).toEqual({ data: view(1, 77), isInitialPage: true });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(server.requests).toEqual([]);
  });

  test("another page is read from the contacts route with the page's parameters", async () => {
    server.answer = (url) => ({ body: view(Number(url.searchParams.get("page")), 500) });
    const initial = { params: ALL, timeZone: "UTC", data: view(1, 500) };
    const { result } = renderWithQueryClient(() => {
      const { query, isInitialPage } = useContactPage({ ...ALL, page: 3, size: 50 }, "UTC", initial);
      return { data: query.data, isInitialPage };
    });
    expect(result.current.isInitialPage).toBe(false);
    await waitFor(() => expect(result.current.data).toEqual(view(3, 500)));
    expect(server.requests).toEqual(["/api/dashboard/contacts?page=3&size=50"]);
  });
});

describe("useExports", () => {
  const job = (status: ExportJobView["status"]): ExportJobView => ({
    id: 7,
    format: "csv",
    bom: false,
    status,
    filters: { q: null, bot: null, from: null, to: null, selected: null, tz: "UTC" },
    botName: null,
    total: 10,
    rowsDone: status === "finished" ? 10 : 3,
    percent: status === "finished" ? 100 : 30,
    rowsPerSecond: null,
    secondsLeft: null,
    waitReason: null,
    waitSeconds: 0,
    errorCode: null,
    error: null,
    bytes: 0,
    fileName: "contacts.csv",
    createdAt: "2026-01-01T00:00:00Z",
    startedAt: null,
    finishedAt: null,
    expiresAt: null,
  });

  test("polls every second while an export runs, and stops hurrying once it has finished", async () => {
    let status: ExportJobView["status"] = "running";
    server.answer = () => ({ body: { data: [job(status)] } });
    const { result } = renderWithQueryClient(() => useExports().data);
    await waitFor(() => expect(result.current).toEqual([job("running")]));
    status = "finished";
    await waitFor(() => expect(result.current).toEqual([job("finished")]), { timeout: 2500 });
    expect(server.requests).toEqual(["/api/dashboard/contacts/exports", "/api/dashboard/contacts/exports"]);
    await new Promise((resolve) => setTimeout(resolve, 1300));
    expect(server.requests).toHaveLength(2);
    expect(exportDownloadUrl(7)).toBe("/api/dashboard/contacts/exports/7/download");
  });
});
