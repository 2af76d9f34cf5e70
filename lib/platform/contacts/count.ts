import { sql, type SQL } from "drizzle-orm";
import { queryRows, type Db } from "@/lib/db/client";
import type { ContactFilter, CreatedRange } from "./scope";

const HOUR = 3600;
const floorDiv = (a: number, b: number) => Math.floor(a / b);
const ceilDiv = (a: number, b: number) => Math.ceil(a / b);

/** Live contacts of the bots created in [from, to): counted on the partial (bot_id, created_at, id) index. */
function indexCount(bots: SQL, from: number | null, to: number | null): SQL {
  return sql`(SELECT count(*) FROM platform.contacts c
              WHERE c.bot_id = ANY(${bots}) AND NOT c.preview AND NOT c.deleted
                ${from === null ? sql`` : sql`AND c.created_at >= to_timestamp(${from}::float8)`}
                ${to === null ? sql`` : sql`AND c.created_at < to_timestamp(${to}::float8)`})`;
}

/**
 * A scalar bigint expression: the exact number of live contacts of `bots` (a bigint[]
 * expression) created in `range`. No range: the per-bot counters. A range: the hourly
 * counters for the whole hours inside it, plus index counts of the partial hours at its
 * two edges, so the work is bounded by the hours spanned and two hours of contacts,
 * never by the number of contacts in the range. Every part is kept exact by the
 * triggers of lib/db/custom/contact_counters.sql, in the same transaction as the change.
 */
export function visibleCountSql(bots: SQL, range: CreatedRange): SQL {
  const { from, to } = range;
  if (from === null && to === null) {
    return sql`(SELECT COALESCE(sum(s.visible), 0)::bigint FROM platform.contact_bot_stats s WHERE s.bot_id = ANY(${bots}))`;
  }
  if (from !== null && to !== null && from >= to) return sql`0::bigint`;
  const firstHour = from === null ? null : ceilDiv(from, HOUR);
  const endHour = to === null ? null : floorDiv(to, HOUR);
  if (firstHour !== null && endHour !== null && firstHour >= endHour) return indexCount(bots, from, to);
  const wholeHours = sql`(SELECT COALESCE(sum(h.visible), 0)::bigint FROM platform.contact_hour_counts h
    WHERE h.bot_id = ANY(${bots})
      ${firstHour === null ? sql`` : sql`AND h.hour >= ${firstHour}::bigint`}
      ${endHour === null ? sql`` : sql`AND h.hour < ${endHour}::bigint`})`;
  const parts = [wholeHours];
  if (from !== null && firstHour !== null && from < firstHour * HOUR) parts.push(indexCount(bots, from, firstHour * HOUR));
  if (to !== null && endHour !== null && endHour * HOUR < to) parts.push(indexCount(bots, endHour * HOUR, to));
  return sql`(${sql.join(parts, sql` + `)})::bigint`;
}

export function botIdsParam(botIds: number[]): SQL {
  return sql`${sql.param(botIds)}::bigint[]`;
}

/** getNumberOfContacts: exact, from the counters (see visibleCountSql). */
export async function countContacts(db: Db, filter: ContactFilter): Promise<number> {
  if (filter.botIds.length === 0) return 0;
  const [row] = await queryRows<{ count: string }>(db, sql`SELECT ${visibleCountSql(botIdsParam(filter.botIds), filter.range)}::text AS count`);
  return Number(row.count);
}
