import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { scrape, serveMetrics, valueOf } from "@/lib/core/testing/metrics";
import { freePort } from "@/lib/testing/free-port";
import { seedTenant } from "@/lib/platform/testing/tenants";
import { PlatformClient } from "./client";
import { PlatformApiError } from "./errors";
import { getMe } from "./me";
import { usePlatformTestbed } from "./testing/platform";

/**
 * The dashboard's side of the metrics, moved by real calls over HTTP: platform calls by method and outcome (an answer's
 * status, or why there was none) with their latency, and the breakers by state.
 */
const testbed = usePlatformTestbed();
let metrics: { url: string; close: () => Promise<void> };

beforeAll(async () => {
  metrics = await serveMetrics({ token: null });
});
afterAll(async () => {
  await metrics?.close();
});

describe("the dashboard's platform-call metrics", () => {
  test("calls by method and outcome, their latency, a breaker that opens", async () => {
    const tenant = await seedTenant(testbed.database.db);
    const count = (text: string, name: string, labels: Record<string, string>) => valueOf(text, name, labels) ?? 0;
    const before = await scrape(metrics.url);

    const client = new PlatformClient({ db: testbed.database.db, baseUrl: testbed.platform.baseUrl, apiKey: tenant.key });
    await getMe(client);
    await getMe(client);
    const refused = new PlatformClient({ db: testbed.database.db, baseUrl: testbed.platform.baseUrl, apiKey: "not-a-key" });
    await expect(getMe(refused)).rejects.toMatchObject({ status: 401 });
    // Nobody listens there: no answer, then the breaker (PLATFORM_BREAKER_FAILURES, default 3) opens and refuses at once.
    const nowhere = new PlatformClient({ db: testbed.database.db, baseUrl: `http://127.0.0.1:${await freePort()}`, apiKey: tenant.key });
    const codes: (string | null)[] = [];
    for (let i = 0; i < 4; i++)
      codes.push(
        await getMe(nowhere).then(
          () => null,
          (error: PlatformApiError) => error.code,
        ),
      );
    expect(codes).toContain("network_error");
    expect(codes.at(-1)).toBe("platform_unavailable");

    const after = await scrape(metrics.url);
    const moved = (name: string, labels: Record<string, string>) => count(after, name, labels) - count(before, name, labels);
    expect(moved("chatbot_dashboard_platform_calls_total", { method: "getMe", outcome: "200" })).toBe(2);
    expect(moved("chatbot_dashboard_platform_calls_total", { method: "getMe", outcome: "401" })).toBe(1);
    expect(moved("chatbot_dashboard_platform_calls_total", { method: "getMe", outcome: "network_error" })).toBe(
      codes.filter((code) => code === "network_error").length,
    );
    expect(moved("chatbot_dashboard_platform_calls_total", { method: "getMe", outcome: "platform_unavailable" })).toBe(
      codes.filter((code) => code === "platform_unavailable").length,
    );
    expect(moved("chatbot_dashboard_platform_call_duration_seconds_count", { method: "getMe" })).toBe(7);
    expect(valueOf(after, "chatbot_dashboard_platform_breakers", { state: "open" })).toBeGreaterThanOrEqual(1);
    expect(valueOf(after, "chatbot_dashboard_platform_breakers", { state: "closed" })).toBeGreaterThanOrEqual(1);
    // No base URL, key or holder in any label.
    expect(after).not.toContain(tenant.key);
    expect(after).not.toContain("127.0.0.1");
  });
});
