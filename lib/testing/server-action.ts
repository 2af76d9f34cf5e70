import fs from "node:fs";
import path from "node:path";
import type { Dispatcher } from "undici";
import { distDir } from "./server";

/**
 * A server action called over HTTP as the browser calls it, for tests that drive a running production server
 * without a browser: the action's id from the build (its server-reference manifest names each action's file and
 * export), then a POST to a page that uses it with the `Next-Action` header and the arguments as JSON.
 */
export function serverActionId(file: string, exportedName: string): string {
  const manifest = JSON.parse(fs.readFileSync(path.join(distDir(), "server", "server-reference-manifest.json"), "utf8")) as {
    node: Record<string, { filename?: string; exportedName?: string }>;
  };
  const ids = Object.entries(manifest.node)
    .filter(([, entry]) => entry.filename === file && entry.exportedName === exportedName)
    .map(([id]) => id);
  if (ids.length !== 1) throw new Error(`the build has ${ids.length} server actions ${exportedName} of ${file}`);
  return ids[0];
}

export interface ActionAnswer<T> {
  status: number;
  /** What the action returned (row 1 of the answer's flight data); null when the answer holds none. */
  result: T | null;
  text: string;
}

/**
 * Calls the action `id` on `page` (a path whose page uses the action) with `args`, as the signed-in `cookie`. The
 * Origin is the base URL's, as a browser on the site sends it.
 */
export async function callServerAction<T>(
  baseUrl: string,
  page: string,
  id: string,
  args: unknown[],
  options: { cookie: string; dispatcher?: Dispatcher },
): Promise<ActionAnswer<T>> {
  const response = await fetch(`${baseUrl}${page}`, {
    ...(options.dispatcher ? ({ dispatcher: options.dispatcher } as RequestInit) : {}),
    method: "POST",
    headers: {
      "next-action": id,
      "content-type": "text/plain;charset=UTF-8",
      accept: "text/x-component",
      origin: new URL(baseUrl).origin,
      cookie: options.cookie,
    },
    body: JSON.stringify(args),
  });
  const text = await response.text();
  const row = text.split("\n").find((line) => line.startsWith("1:"));
  let result: T | null = null;
  try {
    result = row ? (JSON.parse(row.slice(2)) as T) : null;
  } catch {
    result = null;
  }
  return { status: response.status, result, text };
}
