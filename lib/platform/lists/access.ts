import { sql } from "drizzle-orm";
import { queryRows, type Db } from "@/lib/db/client";
import { forbidden, notFound, type PlatformError } from "../errors";
import type { Translate } from "../i18n";
import { isUuid } from "./constants";
import "./messages";

/**
 * Who may touch a list or a record: it must exist (else 404) and its project
 * must be owned by the key holder (else 403: a project joined as a team member
 * is someone else's).
 */
export interface ListRow {
  id: string;
  projectUuid: string;
  botId: number | null;
  name: string;
  isMenu: boolean;
  createdAt: Date;
  updatedAt: Date;
}

interface RawListRow extends Record<string, unknown> {
  id: string;
  project_uuid: string;
  bot_id: string | number | null;
  name: string;
  is_menu: boolean;
  created_at: Date | string;
  updated_at: Date | string;
  owner_id: string;
}

/** Row locks: `share` for record writes, `no key update` for changes of the list's fields (they exclude each other). */
export type ListLock = "share" | "no key update";

const LIST_COLUMNS = sql.raw(
  "ls.id::text AS id, ls.project_uuid::text AS project_uuid, ls.bot_id::text AS bot_id, ls.name, ls.is_menu, ls.created_at, ls.updated_at, p.owner_id::text AS owner_id",
);

function toListRow(row: RawListRow): ListRow {
  return {
    id: row.id,
    projectUuid: row.project_uuid,
    botId: row.bot_id === null ? null : Number(row.bot_id),
    name: row.name,
    isMenu: Boolean(row.is_menu),
    createdAt: new Date(row.created_at),
    updatedAt: new Date(row.updated_at),
  };
}

function listNotFound(t: Translate): PlatformError {
  return notFound(t("lists.list_not_found"), "schema_id");
}

function itemNotFound(t: Translate): PlatformError {
  return notFound(t("lists.item_not_found"), "item_id");
}

function lockClause(lock: ListLock | undefined) {
  if (lock === "share") return sql.raw("FOR SHARE OF ls");
  if (lock === "no key update") return sql.raw("FOR NO KEY UPDATE OF ls");
  return sql.raw("");
}

/** The holder's list, or the spec's 404 (also for an id that is not a UUID) / 403. */
export async function findOwnedList(db: Db, holderId: number, schemaId: string, t: Translate, lock?: ListLock): Promise<ListRow> {
  if (!isUuid(schemaId)) throw listNotFound(t);
  const [row] = await queryRows<RawListRow>(
    db,
    sql`SELECT ${LIST_COLUMNS}
        FROM platform.list_schemas ls JOIN platform.projects p ON p.uuid = ls.project_uuid
        WHERE ls.id = ${schemaId}::uuid ${lockClause(lock)}`,
  );
  if (!row) throw listNotFound(t);
  if (Number(row.owner_id) !== holderId) throw forbidden(t("lists.list_forbidden"));
  return toListRow(row);
}

/** The holder's record and its list, or 404 (`errors.item_id`) / 403. */
export async function findOwnedItem(db: Db, holderId: number, itemId: string, t: Translate, lock?: ListLock): Promise<{ list: ListRow; itemId: string }> {
  if (!isUuid(itemId)) throw itemNotFound(t);
  const [row] = await queryRows<RawListRow & { item_id: string }>(
    db,
    sql`SELECT ${LIST_COLUMNS}, li.id::text AS item_id
        FROM platform.list_items li
        JOIN platform.list_schemas ls ON ls.id = li.schema_id
        JOIN platform.projects p ON p.uuid = ls.project_uuid
        WHERE li.id = ${itemId}::uuid ${lockClause(lock)}`,
  );
  if (!row) throw itemNotFound(t);
  if (Number(row.owner_id) !== holderId) throw forbidden(t("lists.item_forbidden"));
  return { list: toListRow(row), itemId: row.item_id };
}

/** Where createListSchema puts a list: a bot's project (bot wins) or a project. */
export type ListTarget =
  | { kind: "found"; projectUuid: string; botId: number | null }
  | { kind: "missing"; field: "bot_id" | "project_uuid" }
  | { kind: "forbidden"; field: "bot_id" | "project_uuid" };

/** A deleted bot counts as missing; another account's bot or project (also one joined as a member) is forbidden. */
export async function findListTarget(db: Db, holderId: number, input: { botId?: number; projectUuid?: string }): Promise<ListTarget> {
  if (input.botId !== undefined) {
    const [bot] = await queryRows<{ project_uuid: string; deleted: boolean; owner_id: string }>(
      db,
      sql`SELECT b.project_uuid::text AS project_uuid, b.deleted, p.owner_id::text AS owner_id
          FROM platform.bots b JOIN platform.projects p ON p.uuid = b.project_uuid
          WHERE b.id = ${input.botId}::bigint`,
    );
    if (!bot || bot.deleted) return { kind: "missing", field: "bot_id" };
    if (Number(bot.owner_id) !== holderId) return { kind: "forbidden", field: "bot_id" };
    return { kind: "found", projectUuid: bot.project_uuid, botId: input.botId };
  }
  const projectUuid = input.projectUuid ?? "";
  if (!isUuid(projectUuid)) return { kind: "missing", field: "project_uuid" };
  const [project] = await queryRows<{ owner_id: string }>(db, sql`SELECT owner_id::text AS owner_id FROM platform.projects WHERE uuid = ${projectUuid}::uuid`);
  if (!project) return { kind: "missing", field: "project_uuid" };
  if (Number(project.owner_id) !== holderId) return { kind: "forbidden", field: "project_uuid" };
  return { kind: "found", projectUuid: projectUuid.toLowerCase(), botId: null };
}
