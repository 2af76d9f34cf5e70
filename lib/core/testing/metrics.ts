import http from "node:http";
import type { AddressInfo } from "node:net";
import { answerMetrics, isMetricsPath } from "../metrics.mjs";

/** /metrics of this process on a free loopback port, as scripts/start.mjs serves it (answerMetrics); 404 elsewhere. */
export async function serveMetrics(settings: { token: string | null }): Promise<{ url: string; close: () => Promise<void> }> {
  const server = http.createServer((req, res) => {
    if (isMetricsPath(req.url)) return void answerMetrics(req, res, settings);
    res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** One scrape's text; fails unless it answers 200. */
export async function scrape(url: string, token?: string): Promise<string> {
  const response = await fetch(`${url}/metrics`, token ? { headers: { authorization: `Bearer ${token}` } } : {});
  if (response.status !== 200) throw new Error(`/metrics answered ${response.status}`);
  return response.text();
}

/**
 * The value of one sample of a scrape: `name` with exactly these labels (in any order), or null when there is none.
 * Prometheus' text format: `name{label="value",…} 12` per line.
 */
export function valueOf(text: string, name: string, labels: Record<string, string> = {}): number | null {
  const wanted = Object.entries(labels)
    .map(([key, value]) => `${key}="${value}"`)
    .sort()
    .join(",");
  for (const line of text.split("\n")) {
    if (line.startsWith("#")) continue;
    const match = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!match || match[1] !== name) continue;
    const have = (match[2] ?? "").match(/[a-zA-Z_][a-zA-Z0-9_]*="(?:[^"\\]|\\.)*"/g) ?? [];
    if (have.sort().join(",") === wanted) return Number(match[3]);
  }
  return null;
}
