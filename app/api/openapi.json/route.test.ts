import { expect, test } from "vitest";
import { GET } from "./route";

test("GET /api/openapi.json answers the document, public and cacheable, with an entity tag that answers 304", async () => {
  const response = GET(new Request("http://dashboard.test/api/openapi.json"));
  expect(response.status).toBe(200);
  expect(response.headers.get("content-type")).toMatch(/^application\/json/);
  expect(response.headers.get("cache-control")).toMatch(/^public, max-age=\d+/);
  const document = await response.json();
  expect(document.openapi).toBe("3.1.0");
  expect(document.paths["/api/v1/getContacts"].get.operationId).toBe("getContacts");
  const etag = response.headers.get("etag")!;
  expect(etag).toMatch(/^"[0-9a-f]{32}"$/);
  const again = GET(new Request("http://dashboard.test/api/openapi.json", { headers: { "if-none-match": etag } }));
  expect(again.status).toBe(304);
  expect(await again.text()).toBe("");
});

test("any origin may read the document (a code generator or a viewer elsewhere), on 200 and on 304", () => {
  const fresh = GET(new Request("http://dashboard.test/api/openapi.json", { headers: { origin: "https://tools.example" } }));
  expect(fresh.headers.get("access-control-allow-origin")).toBe("*");
  const again = GET(new Request("http://dashboard.test/api/openapi.json", { headers: { "if-none-match": fresh.headers.get("etag")! } }));
  expect(again.status).toBe(304);
  expect(again.headers.get("access-control-allow-origin")).toBe("*");
  expect(again.headers.get("etag")).toBe(fresh.headers.get("etag"));
});

test("?lang=ru is the Russian document, under another entity tag", async () => {
  const en = GET(new Request("http://dashboard.test/api/openapi.json"));
  const ru = GET(new Request("http://dashboard.test/api/openapi.json?lang=ru"));
  expect(ru.headers.get("content-language")).toBe("ru");
  expect(ru.headers.get("etag")).not.toBe(en.headers.get("etag"));
  expect((await ru.json()).paths["/api/v1/getMe"].get.summary).toMatch(/[А-Яа-яЁё]/);
});

test("the document names no secret: no key, no token value, no address of this server", async () => {
  const text = await GET(new Request("http://dashboard.test/api/openapi.json")).text();
  expect(text).not.toMatch(/dashboard\.test/);
  expect(text).not.toMatch(/Bearer [A-Za-z0-9]{8,}/);
});
