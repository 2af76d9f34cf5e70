import { sql, type SQL } from "drizzle-orm";
import type { StatisticsRange } from "./params";
import { daysInRange } from "./params";
import { sqlStateOf } from "../accounts/access";
import { validationError } from "../errors";
import type { Translate } from "../i18n";

/**
 * The calendar days of a range as SQL rows: `day` (date) and its bounds `from_ts`,
 * `to_ts` (timestamptz, the local midnights in the zone, so a DST day is 23 or 25
 * hours long). Days are counted as integers from date_from, so no session time
 * zone ever takes part.
 */
export function rangeDaysSql(range: StatisticsRange): SQL {
  const count = daysInRange(range.date_from, range.date_to);
  return sql`SELECT d.day,
                    d.day::timestamp AT TIME ZONE ${range.time_zone} AS from_ts,
                    (d.day + 1)::timestamp AT TIME ZONE ${range.time_zone} AS to_ts
             FROM (SELECT ${range.date_from}::date + i AS day FROM generate_series(0, ${count - 1}::int) AS i) AS d`;
}

/** The SQLSTATE PostgreSQL gives a time zone name it does not know (22023, invalid_parameter_value). */
const UNKNOWN_TIME_ZONE_STATE = "22023";

/**
 * Runs a statistics query; a zone name the runtime knew but PostgreSQL does not (their
 * time zone data differ in age) is the same 422 on `time_zone` as any unknown name.
 */
export async function withKnownTimeZone<T>(t: Translate, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (sqlStateOf(error) === UNKNOWN_TIME_ZONE_STATE) throw validationError({ time_zone: [t("statistics.time_zone", { attribute: "time zone" })] }, t);
    throw error;
  }
}
