import { sql, type SQL } from "drizzle-orm";
import { queryRows, type Db } from "@/lib/db/client";
import { ownedBotsSql, type ContactFilter, type CreatedRange } from "./scope";
import { countedSearchSql, countedSearchText, searchConditionSql } from "./search";

const HOUR = 3600;
/** Rows a partial hour is counted up to directly before the count switches to its complement. */
const PROBE = 10_000;

const liveIn = (bots: SQL, from: number, to: number) =>
  sql`c.bot_id = ANY(${bots}) AND NOT c.preview AND NOT c.deleted
      AND c.created_at >= to_timestamp(${from}::float8) AND c.created_at < to_timestamp(${to}::float8)`;

/** Live contacts of the bots created in [from, to): counted on the partial (bot_id, created_at, id) index. */
function indexCount(bots: SQL, from: number, to: number): SQL {
  return sql`(SELECT count(*) FROM platform.contacts c WHERE ${liveIn(bots, from, to)})`;
}

function hourCount(bots: SQL, hour: number): SQL {
  return sql`(SELECT COALESCE(sum(h.visible), 0)::bigint FROM platform.contact_hour_counts h WHERE h.bot_id = ANY(${bots}) AND h.hour = ${hour}::bigint)`;
}

/**
 * Live contacts created in [from, to), a part of one hour. Counted directly when that
 * part is small (a probe stops at PROBE rows); otherwise as the hour's counter minus the
 * rest of the hour, which is then the small side (say, a million contacts created in
 * the same second and a range that starts or ends on it). The branch not taken is never run.
 */
function partialHourCount(bots: SQL, from: number, to: number): SQL {
  const start = Math.floor(from / HOUR) * HOUR;
  const end = start + HOUR;
  const rest = [...(from > start ? [indexCount(bots, start, from)] : []), ...(to < end ? [indexCount(bots, to, end)] : [])];
  if (rest.length === 0) return hourCount(bots, start / HOUR);
  return sql`(SELECT CASE WHEN probe.n < ${PROBE} THEN probe.n
                     ELSE ${hourCount(bots, start / HOUR)} - ${sql.join(rest, sql` - `)} END
              FROM (SELECT count(*) AS n FROM (SELECT 1 FROM platform.contacts c WHERE ${liveIn(bots, from, to)} LIMIT ${PROBE}) AS x) AS probe)`;
}

/**
 * A scalar bigint expression: the exact number of live contacts of `bots` (a bigint[]
 * expression) created in `range`. No range: the per-bot counters. A range: the hourly
 * counters for the whole hours inside it, plus the partial hours at its edges (see
 * partialHourCount), so the work is bounded by the hours spanned and the smaller side
 * of two edge hours, never by the number of contacts in the range. Every counter is
 * kept exact by the triggers of lib/db/custom/contact_counters.sql, in the same
 * transaction as the change.
 */
export function visibleCountSql(bots: SQL, range: CreatedRange): SQL {
  const { from, to } = range;
  if (from === null && to === null) {
    return sql`(SELECT COALESCE(sum(s.visible), 0)::bigint FROM platform.contact_bot_stats s WHERE s.bot_id = ANY(${bots}))`;
  }
  if (from !== null && to !== null && from >= to) return sql`0::bigint`;
  const firstHour = from === null ? null : Math.ceil(from / HOUR);
  const endHour = to === null ? null : Math.floor(to / HOUR);
  if (from !== null && to !== null && firstHour !== null && endHour !== null && firstHour >= endHour) {
    // No whole hour inside: one partial hour, or two around the boundary between them.
    const boundary = Math.floor(from / HOUR) * HOUR + HOUR;
    const parts = to <= boundary ? [partialHourCount(bots, from, to)] : [partialHourCount(bots, from, boundary), partialHourCount(bots, boundary, to)];
    return sql`(${sql.join(parts, sql` + `)})::bigint`;
  }
  const parts = [
    sql`(SELECT COALESCE(sum(h.visible), 0)::bigint FROM platform.contact_hour_counts h
         WHERE h.bot_id = ANY(${bots})
           ${firstHour === null ? sql`` : sql`AND h.hour >= ${firstHour}::bigint`}
           ${endHour === null ? sql`` : sql`AND h.hour < ${endHour}::bigint`})`,
  ];
  if (from !== null && firstHour !== null && from < firstHour * HOUR) parts.push(partialHourCount(bots, from, firstHour * HOUR));
  if (to !== null && endHour !== null && endHour * HOUR < to) parts.push(partialHourCount(bots, endHour * HOUR, to));
  return sql`(${sql.join(parts, sql` + `)})::bigint`;
}

export function botIdsParam(botIds: number[]): SQL {
  return sql`${sql.param(botIds)}::bigint[]`;
}

/**
 * The ids of the filter's live contacts that match its `search` (search.ts: the OR of the match
 * kinds, each on its own index, a bitmap OR) and are among its `contact_ids` (by primary key),
 * then the bots (checked here when the filter has not, see ownedBotsSql) and the creation range. For a filter with a
 * search, ids or both.
 */
export function matchingContactIdsSql(filter: ContactFilter): SQL {
  const { from, to } = filter.range;
  return sql`SELECT c.id FROM platform.contacts c
    WHERE c.bot_id = ANY(${botIdsParam(filter.botIds)}) AND NOT c.preview AND NOT c.deleted
      ${from === null ? sql`` : sql`AND c.created_at >= to_timestamp(${from}::float8)`}
      ${to === null ? sql`` : sql`AND c.created_at < to_timestamp(${to}::float8)`}
      ${filter.ids === null ? sql`` : sql`AND c.id = ANY(${sql.param(filter.ids)}::bigint[])`}
      ${filter.search === null ? sql`` : sql`AND ${searchConditionSql(filter.search)}`}
      ${filter.botsChecked ? sql`` : sql`AND ${ownedBotsSql(filter)}`}`;
}

/**
 * The filter's search text when the substring counters count its matches exactly (a search of three letters and
 * digits, search.ts countedSearchText, and nothing else but the bots), else null.
 */
export function countedSearchOf(filter: ContactFilter): string | null {
  const { search, ids, range } = filter;
  if (search === null || ids !== null || range.from !== null || range.to !== null) return null;
  return countedSearchText(search);
}

/** The filter's total, or 0 when its bots turn out not to be the holder's (an unchecked filter, see ownedBotsSql). */
export function ownedTotalSql(filter: ContactFilter, total: SQL): SQL {
  return filter.botsChecked ? total : sql`(CASE WHEN ${ownedBotsSql(filter)} THEN ${total} ELSE 0 END)`;
}

/**
 * getNumberOfContacts: exact, from the counters (see visibleCountSql, and countedSearchSql for a three-letter
 * search); with any other search or contact ids, the matches counted directly (no counter knows them).
 */
export async function countContacts(db: Db, filter: ContactFilter): Promise<number> {
  if (filter.botIds.length === 0) return 0;
  const counted = countedSearchOf(filter);
  const total =
    counted !== null
      ? ownedTotalSql(filter, countedSearchSql(botIdsParam(filter.botIds), counted))
      : filter.search !== null || filter.ids !== null
        ? sql`(SELECT count(*) FROM (${matchingContactIdsSql(filter)}) AS m)`
        : visibleCountSql(botIdsParam(filter.botIds), filter.range);
  const [row] = await queryRows<{ count: string }>(db, sql`SELECT ${total}::text AS count`);
  return Number(row.count);
}
