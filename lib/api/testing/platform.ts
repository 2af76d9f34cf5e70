import "server-only";
import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll } from "vitest";
import type { Database, Db } from "@/lib/db/client";
import { createTestDatabase } from "@/lib/db/testing/database";
import type { GatewayOptions } from "@/lib/platform/gateway";
import { checkedApiRequest } from "@/lib/platform/testing/contract-check";

/**
 * Our real platform (the gateway and its methods on a test database) behind a
 * real node:http server on a free loopback port, for testing the client over
 * HTTP. `hide` makes methods unknown (a platform without an extension);
 * `ignoreParams` drops parameters before the gateway reads them (a platform
 * without a parameter extension, which ignores what it does not know);
 * `refuseNext` answers the next requests 429 as a busy platform would.
 */
export interface TestPlatform {
  baseUrl: string;
  /** Method names of every request received, in order. */
  calls: string[];
  /** Authorization headers received (to check the key travels only there). */
  authorizations: string[];
  /** Request bodies received. */
  bodies: string[];
  hide(methods: string[]): void;
  ignoreParams(names: string[]): void;
  refuseNext(count: number, retryAfterSeconds: number): void;
  close(): Promise<void>;
}

async function readBody(request: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

export async function startTestPlatform(db: Db, options: GatewayOptions = {}): Promise<TestPlatform> {
  const hidden = new Set<string>();
  const ignored = new Set<string>();
  let refusals = 0;
  let refusalSeconds = 1;
  const calls: string[] = [];
  const authorizations: string[] = [];
  const bodies: string[] = [];
  const server: Server = createServer(async (req, res) => {
    try {
      const url = new URL(req.url ?? "/", "http://127.0.0.1");
      const method = decodeURIComponent(url.pathname.replace(/^\/api\/v1\//, ""));
      const received = await readBody(req);
      let body = received;
      if (ignored.size > 0) {
        for (const name of ignored) url.searchParams.delete(name);
        if (String(req.headers["content-type"] ?? "").includes("json") && body.length > 0) {
          const params = JSON.parse(body.toString("utf8")) as Record<string, unknown>;
          for (const name of ignored) delete params[name];
          body = Buffer.from(JSON.stringify(params));
          delete req.headers["content-length"];
        }
      }
      calls.push(method);
      authorizations.push(String(req.headers.authorization ?? ""));
      bodies.push(received.toString("utf8"));
      if (refusals > 0) {
        refusals -= 1;
        res.writeHead(429, {
          "content-type": "application/json",
          "retry-after": String(refusalSeconds),
          "x-ratelimit-limit": "120",
          "x-ratelimit-remaining": "0",
        });
        res.end(JSON.stringify({ message: "Too Many Attempts." }));
        return;
      }
      const headers = new Headers();
      for (const [name, value] of Object.entries(req.headers)) if (typeof value === "string") headers.set(name, value);
      const request = new Request(url, { method: req.method, headers, body: req.method === "GET" || req.method === "HEAD" ? undefined : new Uint8Array(body) });
      const response = await checkedApiRequest(db, request, hidden.has(method) ? `${method}__hidden` : method, options);
      res.writeHead(response.status, Object.fromEntries(response.headers.entries()));
      res.end(Buffer.from(await response.arrayBuffer()));
    } catch (error) {
      res.writeHead(500);
      res.end(String(error));
    }
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    calls,
    authorizations,
    bodies,
    hide: (methods) => methods.forEach((m) => hidden.add(m)),
    ignoreParams: (names) => names.forEach((name) => ignored.add(name)),
    refuseNext(count, seconds) {
      refusals = count;
      refusalSeconds = seconds;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/**
 * A test file's database and platform, set up before its tests and closed after
 * them: `const env = usePlatformTestbed();` then `env.database`, `env.platform`.
 */
export function usePlatformTestbed(options: GatewayOptions = {}): { readonly database: Database; readonly platform: TestPlatform } {
  const state: { database?: Database; platform?: TestPlatform } = {};
  beforeAll(async () => {
    state.database = await createTestDatabase();
    state.platform = await startTestPlatform(state.database.db, options);
  });
  afterAll(async () => {
    await state.platform?.close();
    await state.database?.close();
  });
  return {
    get database() {
      return state.database!;
    },
    get platform() {
      return state.platform!;
    },
  };
}
