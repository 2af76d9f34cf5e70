import { afterAll, beforeAll, expect, test } from "vitest";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { ApiError, fetchJson, postForm } from "./fetch-json";

/** Against a real HTTP server that answers the way route handlers (and things in front of them) do. */
let server: Server;
let base: string;
beforeAll(async () => {
  server = createServer((request, response) => {
    const send = (status: number, body: string, type = "application/json") => {
      response.writeHead(status, { "content-type": type });
      response.end(body);
    };
    if (request.url === "/ok") return send(200, JSON.stringify({ data: [1, 2], accept: request.headers.accept }));
    if (request.url === "/typed")
      return send(403, JSON.stringify({ error: { kind: "forbidden", code: "forbidden", message: "Requires the role owner.", fieldErrors: {} } }));
    if (request.url === "/html") return send(502, "<html>Bad gateway</html>", "text/html");
    if (request.url === "/upload" && request.method === "POST") {
      const chunks: Buffer[] = [];
      request.on("data", (chunk: Buffer) => chunks.push(chunk));
      request.on("end", () => {
        const text = Buffer.concat(chunks).toString("utf8");
        if (text.includes("too big")) {
          return send(422, JSON.stringify({ error: { kind: "validation", message: "Too big.", fieldErrors: { file: ["Too big."] } } }));
        }
        send(200, JSON.stringify({ type: request.headers["content-type"]?.split(";")[0], hasFile: text.includes('name="file"; filename="a.csv"') }));
      });
      return;
    }
    if (request.url === "/slow") return setTimeout(() => send(200, "{}"), 2000);
    send(200, "not json", "text/plain");
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

test("a 2xx with JSON is the data", async () => {
  expect(await fetchJson(`${base}/ok`)).toEqual({ data: [1, 2], accept: "application/json" });
});

test("a typed refusal of a route handler is an ApiError carrying it and the status", async () => {
  const error = await fetchJson(`${base}/typed`).catch((caught: unknown) => caught);
  expect(error).toBeInstanceOf(ApiError);
  expect((error as ApiError).status).toBe(403);
  expect((error as ApiError).error).toEqual({ kind: "forbidden", code: "forbidden", message: "Requires the role owner.", fieldErrors: {} });
});

test("an answer that is not ours (HTML, text) or no answer at all is an ApiError of kind server", async () => {
  const html = (await fetchJson(`${base}/html`).catch((caught: unknown) => caught)) as ApiError;
  expect(html).toBeInstanceOf(ApiError);
  expect(html.error).toEqual({ kind: "server", message: "HTTP 502 Bad Gateway", fieldErrors: {} });
  const text = (await fetchJson(`${base}/text`).catch((caught: unknown) => caught)) as ApiError;
  expect(text.error.kind).toBe("server");
  const down = (await fetchJson("http://127.0.0.1:1/x").catch((caught: unknown) => caught)) as ApiError;
  expect(down).toBeInstanceOf(ApiError);
  expect(down.status).toBe(0);
});

test("an aborted request rejects with the abort, not an ApiError", async () => {
  const controller = new AbortController();
  const pending = fetchJson(`${base}/slow`, { signal: controller.signal });
  controller.abort();
  const error = await pending.catch((caught: unknown) => caught);
  expect(error).not.toBeInstanceOf(ApiError);
  expect((error as Error).name).toBe("AbortError");
});

test("postForm sends the form as multipart and reads the answer like fetchJson", async () => {
  const form = new FormData();
  form.set("file", new Blob(["contact_id,currency,amount\n1,USD,5\n"], { type: "text/csv" }), "a.csv");
  expect(await postForm(`${base}/upload`, form)).toEqual({ type: "multipart/form-data", hasFile: true });
  const refused = new FormData();
  refused.set("file", new Blob(["too big"]), "a.csv");
  const error = (await postForm(`${base}/upload`, refused).catch((caught: unknown) => caught)) as ApiError;
  expect(error).toBeInstanceOf(ApiError);
  expect(error.status).toBe(422);
  expect(error.error).toEqual({ kind: "validation", message: "Too big.", fieldErrors: { file: ["Too big."] } });
});
