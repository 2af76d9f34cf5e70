import { randomInt, randomUUID } from "node:crypto";
import type { Db } from "@/lib/db/client";
import type { DatabaseSource, GatewayOptions } from "../gateway";
import { checkedApiRequest } from "./contract-check";
import { applyFixtures, type FixtureDocument } from "../operator/fixtures";

export interface ApiCall {
  /** Bearer key; omit for none. */
  key?: string;
  /** GET sends params in the query string; POST as JSON unless `form` is set. */
  verb?: string;
  params?: Record<string, unknown>;
  form?: "urlencoded" | "multipart";
  headers?: Record<string, string>;
  /** Raw query string appended to the URL. */
  query?: string;
  /** Leave out `Accept: application/json`. */
  noAccept?: boolean;
  gateway?: GatewayOptions;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the parsed JSON answer is read field by field; its shape is what the caller checks (tests pass T for a typed body)
export interface ApiAnswer<T = any> {
  status: number;
  headers: Headers;
  body: T;
  text: string;
}

export const BASE_URL = "http://platform.test";

/** Calls the gateway with a real Request, exactly as the route handler does. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the parsed JSON answer is read field by field; its shape is what the caller checks (tests pass T for a typed body)
export async function callApi<T = any>(db: DatabaseSource, method: string, call: ApiCall = {}): Promise<ApiAnswer<T>> {
  const verb = call.verb ?? "POST";
  const headers: Record<string, string> = { ...(call.noAccept ? {} : { accept: "application/json" }), ...call.headers };
  if (call.key) headers.authorization = `Bearer ${call.key}`;
  let url = `${BASE_URL}/api/v1/${method}`;
  let body: BodyInit | undefined;
  const params = call.params ?? {};
  if (verb === "GET") {
    const qs = (await import("qs")).default;
    const query = qs.stringify(params);
    url += query ? `?${query}` : "";
  } else if (call.form === "urlencoded") {
    const qs = (await import("qs")).default;
    body = qs.stringify(params);
    headers["content-type"] = "application/x-www-form-urlencoded";
  } else if (call.form === "multipart") {
    const qs = (await import("qs")).default;
    const form = new FormData();
    for (const [key, value] of new URLSearchParams(qs.stringify(params))) form.append(key, value);
    body = form;
  } else if (Object.keys(params).length > 0 || verb !== "GET") {
    body = JSON.stringify(params);
    headers["content-type"] = "application/json";
  }
  if (call.query) url += (url.includes("?") ? "&" : "?") + call.query;
  const response = await checkedApiRequest(db, new Request(url, { method: verb, headers, body }), method, call.gateway);
  const text = await response.text();
  let parsed: unknown = text;
  try {
    parsed = text ? JSON.parse(text) : null;
  } catch {
    /* not JSON: keep the text */
  }
  return { status: response.status, headers: response.headers, body: parsed as T, text };
}

let nextId = randomInt(1_000_000, 1_000_000_000);
/** Unique ids per test so that tests sharing a database never collide. */
export function uniqueId(): number {
  nextId += 1 + randomInt(0, 10);
  return nextId;
}

export interface Tenant {
  holderId: number;
  key: string;
  projectUuid: string;
  botId: number;
}

/** A Pro key holder with one project and one bot, plus whatever else the document adds. */
export async function seedTenant(db: Db, extra: Partial<Record<keyof FixtureDocument, unknown[]>> = {}): Promise<Tenant> {
  const holderId = uniqueId();
  const key = `key-${randomUUID()}`;
  const projectUuid = randomUUID();
  const botId = uniqueId();
  await applyFixtures(db, {
    accounts: [{ id: holderId, email: `owner${holderId}@example.com`, name: `Owner ${holderId}`, plan: "pro", api_key: key }],
    projects: [{ uuid: projectUuid, account_id: holderId, name: `Project ${holderId}` }],
    bots: [{ id: botId, project_uuid: projectUuid, name: `Bot ${botId}` }],
    ...extra,
  });
  return { holderId, key, projectUuid, botId };
}
