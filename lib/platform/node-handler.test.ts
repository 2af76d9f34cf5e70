import { afterAll, beforeAll, describe, expect, test } from "vitest";
import http from "node:http";
import net from "node:net";
import type { AddressInfo } from "node:net";
import { createTestDatabase } from "@/lib/db/testing/database";
import type { Database, Db } from "@/lib/db/client";
import { apiMethodOf, createNodeApiHandler } from "./node-handler";
import { seedTenant, type Tenant } from "./testing/tenants";
import { addContacts, telegramContact } from "./testing/contacts";

/**
 * The API's node:http handler (what `npm start` serves /api/v1 with), over real
 * HTTP on a real database: the same answers as the gateway, the security
 * headers, the body cap, and what it leaves to Next.
 */
let database: Database;
let server: http.Server;
let base: string;
let tenant: Tenant;
let declined = 0;
let failDb = false;

beforeAll(async () => {
  database = await createTestDatabase();
  tenant = await seedTenant(database.db);
  const handle = createNodeApiHandler({
    getDb: async (): Promise<Db> => {
      if (failDb) throw new Error("database is down (test)");
      return database.db;
    },
    production: true,
  });
  server = http.createServer((req, res) => {
    if (handle(req, res)) return;
    declined++;
    res.statusCode = 418;
    res.end("next");
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise((resolve) => server?.close(resolve));
  await database?.close();
});

/** One raw HTTP exchange on its own socket: status line, headers and body as sent. */
function raw(request: string, body?: Buffer | string): Promise<{ status: number; headers: Record<string, string>; body: string; closed: boolean }> {
  return new Promise((resolve, reject) => {
    const socket = net.connect((server.address() as AddressInfo).port, "127.0.0.1");
    const chunks: Buffer[] = [];
    socket.on("data", (chunk) => chunks.push(chunk));
    socket.on("error", reject);
    let closed = false;
    const parse = () => {
      const text = Buffer.concat(chunks).toString("utf8");
      const [head, ...rest] = text.split("\r\n\r\n");
      const [statusLine, ...lines] = head.split("\r\n");
      const headers: Record<string, string> = {};
      for (const line of lines) headers[line.slice(0, line.indexOf(":")).toLowerCase()] = line.slice(line.indexOf(":") + 1).trim();
      resolve({ status: Number(statusLine.split(" ")[1]), headers, body: rest.join("\r\n\r\n"), closed });
    };
    socket.on("end", () => {
      closed = true;
      parse();
    });
    socket.write(request);
    if (body) socket.write(body);
    // A connection the server keeps open: read what came, then close it ourselves.
    socket.setTimeout(1500, () => {
      parse();
      socket.destroy();
    });
  });
}

describe("which requests the API handler answers", () => {
  test.each([
    ["POST", "/api/v1/getMe", "getMe"],
    ["GET", "/api/v1/getContacts?page=2&api_token=x", "getContacts"],
    ["HEAD", "/api/v1/getMe", "getMe"],
    ["DELETE", "/api/v1/deleteListSchema", "deleteListSchema"],
    ["GET", "/api/v1/get%20Me", "get Me"],
    ["OPTIONS", "/api/v1/getMe", null],
    ["PROPFIND", "/api/v1/getMe", null],
    ["GET", "/api/v1/getMe/", null],
    ["GET", "/api/v1/getMe/extra", null],
    ["GET", "/api/v1/", null],
    ["GET", "/api/v1", null],
    ["GET", "/api/v2/getMe", null],
    ["GET", "/dashboard", null],
    ["GET", "/api/v1/%E0%A4%A", null],
  ])("%s %s → %s", (verb, url, expected) => {
    expect(apiMethodOf(verb, url)).toBe(expected);
  });

  test("a declined request reaches the next handler (Next), untouched", async () => {
    const before = declined;
    const response = await fetch(`${base}/api/v1/getMe/`, { headers: { authorization: `Bearer ${tenant.key}` } });
    expect(response.status).toBe(418);
    expect(await response.text()).toBe("next");
    expect(declined).toBe(before + 1);
  });
});

describe("answers over HTTP", () => {
  test("a JSON POST is answered by the gateway, with the security headers, a request id and a length", async () => {
    const response = await fetch(`${base}/api/v1/getMe`, {
      method: "POST",
      headers: { authorization: `Bearer ${tenant.key}`, accept: "application/json", "content-type": "application/json", "x-request-id": "req-42" },
      body: "{}",
    });
    expect(response.status).toBe(200);
    const body = await response.json();
    expect(body.data.id).toBe(tenant.holderId);
    expect(response.headers.get("x-request-id")).toBe("req-42");
    expect(response.headers.get("content-type")).toBe("application/json; charset=utf-8");
    expect(Number(response.headers.get("content-length"))).toBe(Buffer.byteLength(JSON.stringify(body)));
    expect(response.headers.get("content-security-policy")).toContain("frame-ancestors 'none'");
    expect(response.headers.get("content-security-policy")).not.toContain("unsafe-eval");
    expect(response.headers.get("x-frame-options")).toBe("DENY");
    expect(response.headers.get("x-content-type-options")).toBe("nosniff");
    expect(response.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
    expect(response.headers.get("strict-transport-security")).toBeNull();
    expect(response.headers.get("x-ratelimit-limit")).not.toBeNull();
  });

  test("a batch of contacts (the gateway's one buffer, json.ts responseBytes): the stated length is the bytes sent, in both paging modes", async () => {
    const names = ["Пётр Ёлкин", "Анна-Мария 🌷", "Zoë “Quoted” \\ back", "李小龙"];
    await addContacts(
      database.db,
      names.map((name, i) => telegramContact(tenant.botId, { name, email: `почта${i}@пример.рф` })),
    );
    for (const query of ["count=50", "offset=0&limit=50"]) {
      const answer = await raw(
        `GET /api/v1/getContacts?${query} HTTP/1.1\r\nHost: localhost\r\nAuthorization: Bearer ${tenant.key}\r\nAccept: application/json\r\nConnection: close\r\n\r\n`,
      );
      expect(answer.status, answer.body).toBe(200);
      expect(Number(answer.headers["content-length"]), query).toBe(Buffer.byteLength(answer.body));
      expect(answer.headers["transfer-encoding"]).toBeUndefined();
      const body = JSON.parse(answer.body);
      expect(body.data.map((contact: { name: string }) => contact.name).slice(-names.length), query).toEqual(names);
    }
  });

  test("the key in the query string, bracket parameters in a urlencoded body", async () => {
    const viaQuery = await fetch(`${base}/api/v1/getMe?api_token=${encodeURIComponent(tenant.key)}`, { headers: { accept: "application/json" } });
    expect(viaQuery.status).toBe(200);
    const created = await fetch(`${base}/api/v1/createListSchema`, {
      method: "POST",
      headers: { authorization: `Bearer ${tenant.key}`, accept: "application/json", "content-type": "application/x-www-form-urlencoded" },
      body: `bot_id=${tenant.botId}&name=Orders&fields[0][name]=SKU&fields[0][slug]=sku&fields[0][type]=string`,
    });
    expect(created.status, await created.clone().text()).toBe(201);
    const schema = (await created.json()).data;
    expect(schema.name).toBe("Orders");
    expect(Object.keys(schema.fields)).toEqual(["sku"]);
  });

  test("the paginator's links use the Host header and the scheme a proxy reports; HTTPS adds HSTS", async () => {
    const answer = await raw(
      `GET /api/v1/getListSchemas?page=1 HTTP/1.1\r\nHost: bots.example.com\r\nX-Forwarded-Proto: https\r\nAuthorization: Bearer ${tenant.key}\r\nAccept: application/json\r\nConnection: close\r\n\r\n`,
    );
    expect(answer.status).toBe(200);
    const body = JSON.parse(answer.body);
    expect(body.meta.path, answer.body).toBe("https://bots.example.com/api/v1/getListSchemas");
    expect(answer.headers["strict-transport-security"]).toBe("max-age=31536000; includeSubDomains");
  });

  test("HEAD gets the headers and no body", async () => {
    const answer = await raw(`HEAD /api/v1/getMe HTTP/1.1\r\nHost: localhost\r\nAuthorization: Bearer ${tenant.key}\r\nConnection: close\r\n\r\n`);
    expect(answer.status).toBe(405);
    expect(answer.headers["allow"]).toBe("GET, POST");
    expect(Number(answer.headers["content-length"])).toBeGreaterThan(0);
    expect(answer.body).toBe("");
  });

  test("malformed JSON is a 400 and changes nothing", async () => {
    const response = await fetch(`${base}/api/v1/getMe`, {
      method: "POST",
      headers: { authorization: `Bearer ${tenant.key}`, accept: "application/json", "content-type": "application/json" },
      body: "{not json",
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ message: "The request body is not valid JSON.", error: "The request body is not valid JSON." });
  });

  test("a body declared over the cap is refused (413) without being read, and the connection is closed", async () => {
    const answer = await raw(
      `POST /api/v1/getMe HTTP/1.1\r\nHost: localhost\r\nAuthorization: Bearer ${tenant.key}\r\nAccept: application/json\r\nContent-Type: application/json\r\nContent-Length: 5000000\r\n\r\n`,
      "{",
    );
    expect(answer.status).toBe(413);
    expect(answer.headers["connection"]).toBe("close");
    expect(JSON.parse(answer.body)).toEqual({
      message: "The request body is larger than 1048576 bytes.",
      error: "The request body is larger than 1048576 bytes.",
    });
    expect(answer.closed).toBe(true);
  });

  test("a chunked body that grows over the cap is refused (413) too", async () => {
    const chunk = Buffer.alloc(600_000, "a");
    const chunked = Buffer.concat([
      Buffer.from(`${chunk.length.toString(16)}\r\n`),
      chunk,
      Buffer.from("\r\n"),
      Buffer.from(`${chunk.length.toString(16)}\r\n`),
      chunk,
      Buffer.from("\r\n0\r\n\r\n"),
    ]);
    const answer = await raw(
      `POST /api/v1/getMe HTTP/1.1\r\nHost: localhost\r\nAuthorization: Bearer ${tenant.key}\r\nAccept: application/json\r\nContent-Type: application/x-www-form-urlencoded\r\nTransfer-Encoding: chunked\r\n\r\n`,
      chunked,
    );
    expect(answer.status).toBe(413);
    expect(answer.headers["connection"]).toBe("close");
  });

  test("a client that goes away mid-body is no server error: nothing is logged, the next request is answered", async () => {
    const written: string[] = [];
    const original = process.stderr.write.bind(process.stderr);
    process.stderr.write = ((chunk: string | Uint8Array, ...rest: unknown[]) => {
      written.push(String(chunk));
      return (original as (...args: unknown[]) => boolean)(chunk, ...rest);
    }) as typeof process.stderr.write;
    try {
      const socket = net.connect((server.address() as AddressInfo).port, "127.0.0.1");
      await new Promise<void>((resolve) => socket.once("connect", () => resolve()));
      socket.write(`POST /api/v1/getMe HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"a":`);
      await new Promise((resolve) => setTimeout(resolve, 100));
      socket.destroy();
      await new Promise((resolve) => setTimeout(resolve, 300));
      const next = await fetch(`${base}/api/v1/getMe`, { headers: { authorization: `Bearer ${tenant.key}`, accept: "application/json" } });
      expect(next.status).toBe(200);
    } finally {
      process.stderr.write = original;
    }
    expect(written.filter((line) => line.includes("unhandled error"))).toEqual([]);
  });

  test("a failure outside the gateway is a JSON 500 with a request id and no detail", async () => {
    failDb = true;
    try {
      const response = await fetch(`${base}/api/v1/getMe`, { headers: { authorization: `Bearer ${tenant.key}`, accept: "application/json" } });
      expect(response.status).toBe(500);
      const body = await response.json();
      expect(Object.keys(body).sort()).toEqual(["error", "request_id"]);
      expect(body.request_id).toBe(response.headers.get("x-request-id"));
      expect(JSON.stringify(body)).not.toContain("database is down");
    } finally {
      failDb = false;
    }
  });
});
