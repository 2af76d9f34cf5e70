// @ts-check
// Prometheus metrics (prom-client): the one registry of this process and the functions that define a metric in it.
// Each area defines its own metrics beside the code that moves them (counter(), histogram(), gauge() below); `npm start`
// (scripts/start.mjs) answers GET /metrics from this registry when METRICS=1 (answerMetrics).
//
// prom-client is a server-external package (next.config.ts): the Next bundles and scripts/start.mjs load the same copy,
// so they share its default registry. A module of the app may still be loaded once per bundle: a metric is therefore
// looked up by name before it is made, and made once.
//
// Names and labels follow Prometheus' conventions: `chatbot_` first, the unit last (`_seconds`, `_total` for a
// counter), and labels with a bounded set of values (an API method's name, a status, an outcome), never an id, an
// email, a key or a path with an id in it.
//
// Plain JavaScript (ES module) so that scripts/start.mjs, which runs under plain node, can serve it; TypeScript reads
// the types from the JSDoc (tsconfig allowJs).
import { createHash, timingSafeEqual } from "node:crypto";
import client from "prom-client";

const { register } = client;

/** Seconds, for the latency of a request or a call: 5 ms to 30 s. */
const LATENCY_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];

/**
 * A counter, made once in this process.
 * @template {string} L
 * @param {string} name @param {string} help @param {readonly L[]} [labelNames]
 * @returns {import("prom-client").Counter<L>}
 */
export function counter(name, help, labelNames = []) {
  const existing = register.getSingleMetric(name);
  if (existing) return /** @type {import("prom-client").Counter<L>} */ (existing);
  return new client.Counter({ name, help, labelNames });
}

/**
 * A histogram, made once in this process.
 * @template {string} L
 * @param {string} name @param {string} help @param {readonly L[]} [labelNames] @param {number[]} [buckets]
 * @returns {import("prom-client").Histogram<L>}
 */
export function histogram(name, help, labelNames = [], buckets = LATENCY_BUCKETS) {
  const existing = register.getSingleMetric(name);
  if (existing) return /** @type {import("prom-client").Histogram<L>} */ (existing);
  return new client.Histogram({ name, help, labelNames, buckets });
}

/**
 * A gauge, made once in this process. `collect` (optional) sets its values when it is scraped; a collect that fails
 * (the database is down) leaves the gauge without values for that scrape (NaN without labels) instead of failing it.
 * @template {string} L
 * @param {string} name @param {string} help @param {readonly L[]} [labelNames]
 * @param {(gauge: import("prom-client").Gauge<L>) => void | Promise<void>} [collect]
 * @returns {import("prom-client").Gauge<L>}
 */
export function gauge(name, help, labelNames = [], collect) {
  const existing = register.getSingleMetric(name);
  if (existing) return /** @type {import("prom-client").Gauge<L>} */ (existing);
  /** @type {import("prom-client").Gauge<L>} */
  const made = new client.Gauge({
    name,
    help,
    labelNames,
    ...(collect
      ? {
          async collect() {
            try {
              await collect(made);
            } catch {
              // No samples for this scrape; a gauge without labels always has one, which says "unknown".
              made.reset();
              if (labelNames.length === 0) made.set(Number.NaN);
            }
          },
        }
      : {}),
  });
  return made;
}

const DEFAULTS = Symbol.for("chatbot-platform.metrics.defaults");

/** Node's process metrics (CPU, memory, event-loop lag, handles, GC), under their usual names; once per process. */
export function collectProcessMetrics() {
  const store = /** @type {{ [DEFAULTS]?: boolean }} */ (globalThis);
  if (store[DEFAULTS]) return;
  store[DEFAULTS] = true;
  client.collectDefaultMetrics({ register });
}

/** Whether a request's URL is /metrics (with or without a query). @param {string | undefined} url */
export const isMetricsPath = (url) => url === "/metrics" || (url ?? "").startsWith("/metrics?");

/** @param {string} text */
const digest = (text) => createHash("sha256").update(text).digest();

/**
 * Answers a scrape: 200 with the registry's text (Prometheus' exposition format), 401 without the right bearer token
 * when one is set (compared in constant time), 405 for anything but GET and HEAD.
 * @param {import("node:http").IncomingMessage} req @param {import("node:http").ServerResponse} res
 * @param {{ token: string | null }} settings
 */
export async function answerMetrics(req, res, { token }) {
  req.resume();
  const plain = { "content-type": "text/plain; charset=utf-8", "cache-control": "no-store" };
  if (token !== null) {
    const given = /^Bearer\s+(.+)$/i.exec(String(req.headers.authorization ?? ""))?.[1]?.trim() ?? "";
    if (!timingSafeEqual(digest(given), digest(token))) {
      res.writeHead(401, { ...plain, "www-authenticate": 'Bearer realm="metrics"' });
      res.end("The metrics need a bearer token: Authorization: Bearer <METRICS_TOKEN>.\n");
      return;
    }
  }
  if (req.method !== "GET" && req.method !== "HEAD") {
    res.writeHead(405, { ...plain, allow: "GET, HEAD" });
    res.end("Only GET and HEAD read the metrics.\n");
    return;
  }
  const body = await register.metrics();
  res.writeHead(200, { "content-type": register.contentType, "cache-control": "no-store" });
  res.end(req.method === "HEAD" ? undefined : body);
}
