import { randomUUID } from "node:crypto";
import type { Db } from "@/lib/db/client";
import { applyFixtures } from "../operator/fixtures";
import { callApi, uniqueId, type Tenant } from "./tenants";

/**
 * Shared by the lists tests (not a test file). JSON.parse reorders integer-like
 * keys, so order is read from the response text with `parseJsonOrdered`.
 */
export type OrderedJson = null | boolean | number | string | OrderedJson[] | Map<string, OrderedJson>;

/** A strict little JSON reader that keeps every object's key order (objects become Maps). */
function parseJsonOrdered(text: string): OrderedJson {
  let at = 0;
  const space = () => {
    while (/\s/.test(text[at] ?? "")) at++;
  };
  const value = (): OrderedJson => {
    space();
    const char = text[at];
    if (char === "{") {
      at++;
      const map = new Map<string, OrderedJson>();
      space();
      if (text[at] === "}") return (at++, map);
      for (;;) {
        space();
        const key = string();
        space();
        if (text[at++] !== ":") throw new Error(`':' expected at ${at}`);
        map.set(key, value());
        space();
        const next = text[at++];
        if (next === "}") return map;
        if (next !== ",") throw new Error(`',' expected at ${at}`);
      }
    }
    if (char === "[") {
      at++;
      const list: OrderedJson[] = [];
      space();
      if (text[at] === "]") return (at++, list);
      for (;;) {
        list.push(value());
        space();
        const next = text[at++];
        if (next === "]") return list;
        if (next !== ",") throw new Error(`',' expected at ${at}`);
      }
    }
    if (char === '"') return string();
    const literal = /^(true|false|null|-?\d+(\.\d+)?([eE][+-]?\d+)?)/.exec(text.slice(at));
    if (!literal) throw new Error(`value expected at ${at}`);
    at += literal[0].length;
    return JSON.parse(literal[0]);
  };
  const string = (): string => {
    const match = /^"(?:[^"\\]|\\.)*"/.exec(text.slice(at));
    if (!match) throw new Error(`string expected at ${at}`);
    at += match[0].length;
    return JSON.parse(match[0]);
  };
  const result = value();
  space();
  if (at !== text.length) throw new Error(`trailing text at ${at}`);
  return result;
}

/** Keys of the object at `path` (e.g. ["data", "fields"]) in the order the text has them. */
export function keysInOrder(text: string, path: (string | number)[]): string[] {
  let node = parseJsonOrdered(text);
  for (const step of path) {
    node = typeof step === "number" ? (node as OrderedJson[])[step] : (node as Map<string, OrderedJson>).get(step)!;
  }
  return [...(node as Map<string, OrderedJson>).keys()];
}

export interface FieldInput {
  name?: unknown;
  slug?: unknown;
  type?: unknown;
  currency?: unknown;
  is_required?: unknown;
  is_hidden?: unknown;
  is_encryptable?: unknown;
}

export const field = (slug: string, type = "string", extra: FieldInput = {}): FieldInput => ({ name: `Field ${slug}`, slug, type, ...extra });

/** createListSchema through the gateway; returns the answer. */
export function createList(db: Db, tenant: Tenant, fields: FieldInput[], extra: Record<string, unknown> = {}) {
  return callApi(db, "createListSchema", {
    key: tenant.key,
    params: { name: `List ${uniqueId()}`, project_uuid: tenant.projectUuid, fields, ...extra },
  });
}

/** Creates a list and returns its id (fails loudly when the create does not answer 201). */
export async function createListId(db: Db, tenant: Tenant, fields: FieldInput[], extra: Record<string, unknown> = {}): Promise<string> {
  const answer = await createList(db, tenant, fields, extra);
  if (answer.status !== 201) throw new Error(`createListSchema answered ${answer.status}: ${answer.text}`);
  return answer.body.data.id;
}

/** A project of another account that `member` joined as a team member, with one bot. */
export async function seedMemberProject(db: Db, member: Tenant): Promise<{ projectUuid: string; botId: number }> {
  const ownerId = uniqueId();
  const projectUuid = randomUUID();
  const botId = uniqueId();
  await applyFixtures(db, {
    accounts: [{ id: ownerId, email: `owner${ownerId}@example.com`, plan: "pro" }],
    projects: [{ uuid: projectUuid, account_id: ownerId, members: [member.holderId] }],
    bots: [{ id: botId, project_uuid: projectUuid }],
  });
  return { projectUuid, botId };
}
