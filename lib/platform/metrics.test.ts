import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { createTestDatabase } from "@/lib/db/testing/database";
import type { Database } from "@/lib/db/client";
import { scrape, serveMetrics, valueOf } from "@/lib/core/testing/metrics";
import { serveApiOnLoopback } from "./node-handler";
import { seedTenant, type Tenant } from "./testing/tenants";

/**
 * The platform API's metrics move as real requests are answered over HTTP, on a real database: requests by method and
 * status, the latency histogram, 429s of the rate limit, bodies refused, and no label carries a key or a free name.
 */
const RATE_LIMIT = 4;
let database: Database;
let api: { baseUrl: string; close: () => Promise<void> };
let metrics: { url: string; close: () => Promise<void> };
let tenant: Tenant;

beforeAll(async () => {
  database = await createTestDatabase();
  tenant = await seedTenant(database.db);
  api = await serveApiOnLoopback(database.db, { rateLimit: RATE_LIMIT });
  metrics = await serveMetrics({ token: null });
});
afterAll(async () => {
  await api?.close();
  await metrics?.close();
  await database?.close();
});

const call = (method: string, init: { key?: string; body?: string } = {}) =>
  fetch(`${api.baseUrl}/api/v1/${method}`, {
    method: "POST",
    headers: { accept: "application/json", "content-type": "application/json", ...(init.key ? { authorization: `Bearer ${init.key}` } : {}) },
    body: init.body ?? "{}",
  });

describe("the platform API's metrics", () => {
  test("requests by method and status, their latency, the rate limit's refusals, refused bodies", async () => {
    const before = await scrape(metrics.url);
    const count = (text: string, name: string, labels: Record<string, string>) => valueOf(text, name, labels) ?? 0;

    // Until the limit answers 429 (the window is a clock minute: one that ends meanwhile starts the count again).
    let answered = 0;
    for (let status = 0; status !== 429; answered++) {
      status = (await call("getMe", { key: tenant.key })).status;
      expect([200, 429]).toContain(status);
      expect(answered).toBeLessThan(2 * RATE_LIMIT + 2);
    }
    const ok = answered - 1;
    expect((await call("getMe", { key: "not-a-key" })).status).toBe(401);
    expect((await call("noSuchMethod", { key: tenant.key })).status).toBe(404);
    expect((await call("getMe", { key: tenant.key, body: "{not json" })).status).toBe(400);
    expect((await call("getMe", { key: tenant.key, body: "x".repeat(1_048_577) })).status).toBe(413);

    const after = await scrape(metrics.url);
    const moved = (name: string, labels: Record<string, string>) => count(after, name, labels) - count(before, name, labels);
    expect(moved("chatbot_api_requests_total", { method: "getMe", status: "200" })).toBe(ok);
    expect(moved("chatbot_api_requests_total", { method: "getMe", status: "429" })).toBe(1);
    expect(moved("chatbot_api_requests_total", { method: "getMe", status: "401" })).toBe(1);
    expect(moved("chatbot_api_requests_total", { method: "getMe", status: "400" })).toBe(1);
    expect(moved("chatbot_api_requests_total", { method: "getMe", status: "413" })).toBe(1);
    // A name that is no method of the registry is counted as "unknown": the label's values stay bounded.
    expect(moved("chatbot_api_requests_total", { method: "unknown", status: "404" })).toBe(1);
    expect(after).not.toContain('method="noSuchMethod"');
    expect(moved("chatbot_api_rate_limit_refusals_total", { method: "getMe" })).toBe(1);
    expect(moved("chatbot_api_request_body_rejections_total", { reason: "malformed_json" })).toBe(1);
    expect(moved("chatbot_api_request_body_rejections_total", { reason: "too_large" })).toBe(1);
    expect(moved("chatbot_api_request_duration_seconds_count", { method: "getMe" })).toBe(ok + 4);
    expect(moved("chatbot_api_request_duration_seconds_bucket", { method: "getMe", le: "+Inf" })).toBe(ok + 4);
    // Nothing of a caller in the metrics: no key, no holder.
    expect(after).not.toContain(tenant.key);
    expect(after).not.toContain(String(tenant.holderId));
  });
});
