import type { Database } from "@/lib/db/client";
import { handleApiRequest } from "@/lib/platform/gateway";
import { responseBytes } from "@/lib/platform/json";

/**
 * A GET of an API method through the gateway itself (no HTTP, no rate limit): the body's bytes of a 200, as the
 * production server (node-handler.ts) hands them to its socket, else an error.
 */
export async function getBytesFromHandler(db: Database["db"], key: string, method: string, params: Record<string, unknown>): Promise<Buffer> {
  const url = new URL(`http://bench.local/api/v1/${method}`);
  for (const [name, value] of Object.entries(params)) url.searchParams.set(name, String(value));
  const request = new Request(url, { headers: { accept: "application/json", authorization: `Bearer ${key}` } });
  const response = await handleApiRequest(db, request, method, { rateLimit: 1_000_000_000 });
  const bytes = await responseBytes(response);
  if (response.status !== 200) throw new Error(`${method} ${response.status} ${bytes.toString("utf8")}`);
  return bytes;
}

/** As getBytesFromHandler, the body's text. */
export async function getTextFromHandler(db: Database["db"], key: string, method: string, params: Record<string, unknown>): Promise<string> {
  return (await getBytesFromHandler(db, key, method, params)).toString("utf8");
}

/** As getTextFromHandler, the body parsed. */
export async function getFromHandler(db: Database["db"], key: string, method: string, params: Record<string, unknown>) {
  return JSON.parse(await getTextFromHandler(db, key, method, params));
}

/** What `fn` returns and how many milliseconds it took. */
export async function timed<T>(fn: () => Promise<T>): Promise<[T, number]> {
  const started = performance.now();
  const result = await fn();
  return [result, performance.now() - started];
}

/** The p-th percentile (nearest rank) of the values. */
export const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
};

/** Milliseconds for a column of figures: one decimal, right-aligned in 7 characters. */
export const ms = (value: number) => `${value.toFixed(1)}`.padStart(7);

/** A small deterministic generator, so that every run asks the same questions. */
export function prng(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state * 1664525 + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}
