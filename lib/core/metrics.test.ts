import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { counter, gauge, isMetricsPath } from "./metrics.mjs";
import { scrape, serveMetrics, valueOf } from "./testing/metrics";

/** The scrape endpoint over real HTTP: the exposition format, the bearer token, the verbs, a collect that fails. */
const TOKEN = "metrics-token-for-the-test-0123456789abcdef";
let open: { url: string; close: () => Promise<void> };
let guarded: { url: string; close: () => Promise<void> };

beforeAll(async () => {
  open = await serveMetrics({ token: null });
  guarded = await serveMetrics({ token: TOKEN });
});
afterAll(async () => {
  await open?.close();
  await guarded?.close();
});

describe("metrics", () => {
  test("a counter moves on the scrape, and defining it again by name gives the same one", async () => {
    const first = counter("chatbot_test_things_total", "Things (test).", ["kind"]);
    const again = counter("chatbot_test_things_total", "Things (test).", ["kind"]);
    expect(again).toBe(first);
    const before = valueOf(await scrape(open.url), "chatbot_test_things_total", { kind: "a" }) ?? 0;
    first.inc({ kind: "a" });
    again.inc({ kind: "a" }, 2);
    const text = await scrape(open.url);
    expect(valueOf(text, "chatbot_test_things_total", { kind: "a" })).toBe(before + 3);
    expect(text).toContain("# TYPE chatbot_test_things_total counter");
    // Node's process metrics are not here unless the server turns them on (scripts/start.mjs with METRICS=1).
  });

  test("the answer is Prometheus' text format, not cached", async () => {
    const response = await fetch(`${open.url}/metrics`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(response.headers.get("cache-control")).toBe("no-store");
    const head = await fetch(`${open.url}/metrics`, { method: "HEAD" });
    expect(head.status).toBe(200);
    expect(await head.text()).toBe("");
  });

  test("a gauge whose collect fails leaves the scrape whole", async () => {
    gauge("chatbot_test_failing_gauge", "Fails to collect (test).", [], () => {
      throw new Error("database down (test)");
    });
    gauge("chatbot_test_working_gauge", "Collects (test).", [], (metric) => metric.set(7));
    const text = await scrape(open.url);
    expect(valueOf(text, "chatbot_test_working_gauge")).toBe(7);
    expect(valueOf(text, "chatbot_test_failing_gauge")).toBeNaN();
  });

  test("with a token: 401 without it or with another, 200 with it", async () => {
    const none = await fetch(`${guarded.url}/metrics`);
    expect(none.status).toBe(401);
    expect(none.headers.get("www-authenticate")).toBe('Bearer realm="metrics"');
    expect(await none.text()).not.toContain("chatbot_");
    const wrong = await fetch(`${guarded.url}/metrics`, { headers: { authorization: `Bearer ${TOKEN}x` } });
    expect(wrong.status).toBe(401);
    const right = await fetch(`${guarded.url}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } });
    expect(right.status).toBe(200);
    expect(await right.text()).toContain("chatbot_test_things_total");
  });

  test("only GET and HEAD read them", async () => {
    const post = await fetch(`${open.url}/metrics`, { method: "POST", body: "x" });
    expect(post.status).toBe(405);
    expect(post.headers.get("allow")).toBe("GET, HEAD");
  });

  test("the path is /metrics, with or without a query, nothing else", () => {
    expect(isMetricsPath("/metrics")).toBe(true);
    expect(isMetricsPath("/metrics?x=1")).toBe(true);
    expect(isMetricsPath("/metricsx")).toBe(false);
    expect(isMetricsPath("/metrics/x")).toBe(false);
    expect(isMetricsPath(undefined)).toBe(false);
  });
});
