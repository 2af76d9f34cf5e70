import { sql, type SQL } from "drizzle-orm";
import { queryRows, type Db } from "@/lib/db/client";
import { botIdsParam, visibleCountSql } from "../contacts/count";
import { rangeDaysSql } from "./days";
import type { StatisticsRange } from "./params";

export interface ContactStatistics {
  time_zone: string;
  date_from: string;
  date_to: string;
  total: number;
  days: { date: string; created: number }[];
}

/**
 * Live contacts of `botIds` created per calendar day of the range in its time zone,
 * every day present (0 when none), and the total now, in ONE statement. Each day is
 * the hourly counters (lib/db/custom/contact_counters.sql) of the whole UTC hours
 * inside it, plus the contacts of the parts of an hour at its edges counted on the
 * partial (bot_id, created_at, id) index; a zone whose offset is whole hours has no
 * such parts. So the work grows with the days and bots, never with the contacts.
 */
export async function findContactStatistics(db: Db, botIds: number[], range: StatisticsRange): Promise<ContactStatistics> {
  const rows = await queryRows<{ date: string; created: string; total: string }>(db, contactStatisticsSql(botIds, range));
  return {
    time_zone: range.time_zone,
    date_from: range.date_from,
    date_to: range.date_to,
    total: Number(rows[0]?.total ?? 0),
    days: rows.map((row) => ({ date: row.date, created: Number(row.created) })),
  };
}

/** The statement of findContactStatistics: rows (date, created, total), one per day in order. */
export function contactStatisticsSql(botIds: number[], range: StatisticsRange): SQL {
  const bots = botIdsParam(botIds);
  const live = sql`c.bot_id = ANY(${bots}) AND NOT c.preview AND NOT c.deleted`;
  return sql`WITH days AS (${rangeDaysSql(range)}),
        bounds AS (
          SELECT day, from_ts, to_ts,
                 ceil(extract(epoch FROM from_ts) / 3600)::bigint AS first_hour,
                 floor(extract(epoch FROM to_ts) / 3600)::bigint AS end_hour
          FROM days)
        SELECT to_char(b.day, 'YYYY-MM-DD') AS date,
               ((SELECT COALESCE(sum(h.visible), 0) FROM platform.contact_hour_counts h
                 WHERE h.bot_id = ANY(${bots}) AND h.hour >= b.first_hour AND h.hour < b.end_hour)
                + (SELECT count(*) FROM platform.contacts c
                   WHERE ${live} AND c.created_at >= b.from_ts AND c.created_at < to_timestamp(b.first_hour * 3600))
                + (SELECT count(*) FROM platform.contacts c
                   WHERE ${live} AND c.created_at >= to_timestamp(b.end_hour * 3600) AND c.created_at < b.to_ts))::text AS created,
               ${visibleCountSql(bots, { from: null, to: null })}::text AS total
        FROM bounds b ORDER BY b.day`;
}
