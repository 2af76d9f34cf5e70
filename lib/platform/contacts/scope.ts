import { createHash } from "node:crypto";
import { z } from "zod";
import { sql, type SQL } from "drizzle-orm";
import { queryRows, type Db } from "@/lib/db/client";
import { integer, optional } from "../validation";
import { SearchParamSchema } from "./search";

/** Most ids one `contact_ids` may name: one export batch (getContacts' largest `limit`). */
const MAX_CONTACT_IDS = 1000;

/** Filters shared by getContacts and getNumberOfContacts. */
export const ContactFilterParamsSchema = z.object({
  bot_id: optional(integer()),
  date_from: optional(integer()),
  date_to: optional(integer()),
  // Extension: see search.ts.
  search: SearchParamSchema.meta({ "x-extension": true }),
  // Extension: only these contacts (ids), at most MAX_CONTACT_IDS; ids that are not the holder's live contacts match nothing.
  contact_ids: optional(z.array(integer()).min(1).max(MAX_CONTACT_IDS)).meta({ "x-extension": true }),
});

export type ContactFilterParams = z.output<typeof ContactFilterParamsSchema>;

/** Year 1 to year 9999: to_timestamp() of anything outside would fail, and no contact lies there. */
const EARLIEST = -62_135_596_800;
const LATEST = 253_402_300_799;
const clamp = (seconds: number) => Math.min(Math.max(seconds, EARLIEST), LATEST + 1);

/**
 * Creation-time bounds in Unix seconds: `from` inclusive, `to` exclusive. `date_to`
 * is inclusive up to the end of its second, so the bound is date_to + 1.
 */
export interface CreatedRange {
  from: number | null;
  to: number | null;
}

/** Which contacts a holder asks for: the live bots in scope (sorted ids) and the creation range. */
export interface ContactFilter {
  holderId: number;
  botIds: number[];
  range: CreatedRange;
  /** The `search` extension's text, or null for none. */
  search: string | null;
  /** The `contact_ids` extension's ids (ascending, distinct), or null for none. */
  ids: number[] | null;
  /** Names the filter for export cursors: the holder, the requested bot and range, and the search when there is one. */
  hash: string;
  /**
   * False when `botIds` is the requested `bot_id` as asked, not yet known to be a live bot of the holder's: the query
   * that reads contacts checks it itself, in its own snapshot (ownedBotsSql), and finds none when it is not.
   */
  botsChecked: boolean;
}

function createdRange(params: ContactFilterParams): CreatedRange {
  return {
    from: params.date_from === undefined ? null : clamp(params.date_from),
    to: params.date_to === undefined ? null : clamp(params.date_to + 1),
  };
}

/**
 * The holder's bots a request may see: bots of projects the holder owns (never a
 * project joined as a team member), not deleted, and only `bot_id` when given. A
 * foreign or unknown bot_id gives no bots, hence an empty list rather than an error.
 */
export async function resolveContactFilter(db: Db, holderId: number, params: ContactFilterParams): Promise<ContactFilter> {
  const rows = await queryRows<{ id: string }>(
    db,
    sql`SELECT b.id::text AS id FROM platform.bots b JOIN platform.projects p ON p.uuid = b.project_uuid
        WHERE p.owner_id = ${holderId}::bigint AND NOT b.deleted
          ${params.bot_id === undefined ? sql`` : sql`AND b.id = ${params.bot_id}::bigint`}
        ORDER BY b.id`,
  );
  return filterOf(
    holderId,
    params,
    rows.map((row) => Number(row.id)),
    true,
  );
}

/**
 * As resolveContactFilter, without a round trip when the request names its bot: the filter holds `bot_id` unchecked
 * (botsChecked false), and findContactPage checks the bot in the statement that reads the contacts (ownedBotsSql), with
 * the same outcome: a foreign, deleted or unknown bot gives an empty list.
 */
export async function requestedContactFilter(db: Db, holderId: number, params: ContactFilterParams): Promise<ContactFilter> {
  if (params.bot_id === undefined) return resolveContactFilter(db, holderId, params);
  return filterOf(holderId, params, [params.bot_id], false);
}

/**
 * A boolean SQL expression: whether the filter's bots are the holder's live bots. `true` for a checked filter; for an
 * unchecked one (requestedContactFilter), the lookup resolveContactFilter would have made, as an uncorrelated subquery
 * (PostgreSQL runs it once, and a scan it guards runs only when it holds).
 */
export function ownedBotsSql(filter: ContactFilter): SQL {
  if (filter.botsChecked) return sql`true`;
  return sql`EXISTS (SELECT 1 FROM platform.bots b JOIN platform.projects p ON p.uuid = b.project_uuid
    WHERE b.id = ${filter.botIds[0]}::bigint AND p.owner_id = ${filter.holderId}::bigint AND NOT b.deleted)`;
}

function filterOf(holderId: number, params: ContactFilterParams, botIds: number[], botsChecked: boolean): ContactFilter {
  const range = createdRange(params);
  const search = params.search?.trim() || null;
  const ids = params.contact_ids === undefined ? null : [...new Set(params.contact_ids)].sort((a, b) => a - b);
  // Without a search or ids the hash is what it always was, so that existing cursors stay found.
  const named = [holderId, params.bot_id ?? null, range.from, range.to, ...(search === null ? [] : [{ search }]), ...(ids === null ? [] : [{ ids }])];
  const hash = createHash("sha256").update(JSON.stringify(named)).digest("hex");
  return { holderId, botIds, range, search, ids, hash, botsChecked };
}
