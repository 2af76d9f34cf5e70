import { z } from "zod";
import { sql, type SQL } from "drizzle-orm";
import { optional } from "../validation";

/**
 * Extension `sort` (getContacts): the order of the list. `id` (the spec's order, and the default
 * when `sort` is absent), `created_at` (creation time, ties by id), each ascending or, with a
 * leading `-`, descending. Every order is total (the id breaks ties), so a page boundary is a
 * key (created_at, id) a client could seek from.
 */
export const CONTACT_ORDERS = ["id", "-id", "created_at", "-created_at"] as const;
export type ContactOrder = (typeof CONTACT_ORDERS)[number];
export const DEFAULT_CONTACT_ORDER: ContactOrder = "id";

export const SortParamSchema = optional(z.enum(CONTACT_ORDERS));

export const byCreation = (order: ContactOrder) => order === "created_at" || order === "-created_at";

/**
 * The ORDER BY keys for contacts aliased `alias` (a fixed identifier of ours, never input). Both keys
 * run in the same direction, so one index, (bot_id, id) or (bot_id, created_at, id), read forwards or
 * backwards serves each bot's part.
 */
export function orderBySql(order: ContactOrder, alias: "c" | "x" | "u"): SQL {
  const direction = sql.raw(order.startsWith("-") ? "DESC" : "ASC");
  const column = (name: string) => sql.raw(`${alias}.${name}`);
  return byCreation(order) ? sql`${column("created_at")} ${direction}, ${column("id")} ${direction}` : sql`${column("id")} ${direction}`;
}

/** The columns a page query must carry to order by `order`: the keys of orderBySql. */
export function orderColumnsSql(order: ContactOrder): SQL {
  return byCreation(order) ? sql`c.id, c.created_at` : sql`c.id`;
}

/** orderColumnsSql's columns as typed nulls, for a row without a contact beside rows with one (UNION ALL). */
export function nullOrderColumnsSql(order: ContactOrder): SQL {
  return byCreation(order) ? sql`NULL::bigint, NULL::timestamptz` : sql`NULL::bigint`;
}
