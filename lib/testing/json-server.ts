import http from "node:http";
import { afterAll, afterEach, beforeAll, beforeEach, vi } from "vitest";
import type { AddressInfo } from "node:net";

export interface JsonAnswer {
  status?: number;
  body: unknown;
  /** Milliseconds to wait before answering (to see what a hook shows meanwhile). */
  delay?: number;
}

/**
 * A real HTTP server for component tests of the data hooks: it records the
 * path and query of every request and answers with what `answer` returns.
 * `fetchFromBrowser` is the browser's fetch as the hooks use it: a relative URL
 * (`/api/dashboard/…`) is resolved against the page's origin, here the server.
 */
async function startJsonServer(answer: (url: URL) => JsonAnswer) {
  const requests: string[] = [];
  const server = http.createServer((request, response) => {
    const url = new URL(request.url ?? "/", "http://localhost");
    requests.push(`${url.pathname}${url.search}`);
    const { status = 200, body, delay = 0 } = answer(url);
    setTimeout(() => {
      response.writeHead(status, { "content-type": "application/json" });
      response.end(JSON.stringify(body));
    }, delay);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const realFetch = globalThis.fetch;
  const fetchFromBrowser: typeof fetch = (input, init) => realFetch(typeof input === "string" ? new URL(input, origin) : input, init);
  return {
    requests,
    fetchFromBrowser,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/**
 * A JSON server for one test file, in place of the browser's origin: started before the file's tests, its request
 * log emptied and `fetch` pointed at it before each test, closed after. Set `answer` in a test to say what it returns.
 */
export function serveJsonToTheBrowser() {
  const state: { answer: (url: URL) => JsonAnswer; requests: string[] } = {
    answer: () => ({ status: 404, body: { error: "no answer set for this test" } }),
    requests: [],
  };
  let server: Awaited<ReturnType<typeof startJsonServer>> | undefined;
  beforeAll(async () => {
    server = await startJsonServer((url) => state.answer(url));
    state.requests = server.requests;
  });
  afterAll(() => server?.close());
  beforeEach(() => {
    state.requests.length = 0;
    vi.stubGlobal("fetch", server!.fetchFromBrowser);
  });
  afterEach(() => vi.unstubAllGlobals());
  return state;
}
