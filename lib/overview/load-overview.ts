import "server-only";
import { cached, CacheEntry, CacheTtlMs, getNumberOfContacts, type PlatformClient } from "@/lib/api";
import { daysToUnixRange } from "@/lib/contacts/time-zone";
import { lastDays } from "./days";

/** How many days the overview's charts show, today included. */
export const OVERVIEW_DAYS = 30;

/**
 * How long the counts of a platform without statistics may wait for the
 * background lane before the page shows them as unavailable: a page view must
 * not hang on a spent budget.
 */
const COUNT_WAIT_MS = 10_000;

export interface ContactOverview {
  /** "statistics": one getContactStatistics call; "counts": getNumberOfContacts per day (a platform without the extension). */
  source: "statistics" | "counts";
  total: number;
  /** Every day of the range, oldest first; a day without new contacts is 0. */
  days: { date: string; created: number }[];
}

interface OverviewRequest {
  botId: number | null;
  timeZone: string;
  now: Date;
}

/**
 * The contacts of the last 30 days through getNumberOfContacts, for a platform
 * without the statistics extension: one count per day and one for the total,
 * in the background lane (the budget keeps its reserve for pages and forms),
 * each kept in the platform cache. A day that has ended does not change, so
 * after the first view only today and the total are asked again, once a minute.
 */
export async function countContactsPerDay(api: PlatformClient, request: OverviewRequest): Promise<ContactOverview> {
  const background = api.with({ lane: "background", maxWaitMs: COUNT_WAIT_MS });
  const bot = request.botId ?? "all";
  const botFilter = request.botId === null ? {} : { bot_id: request.botId };
  const days = lastDays(request.now, request.timeZone, OVERVIEW_DAYS);
  const today = days[days.length - 1];
  const count = (day: string) => {
    const { date_from, date_to } = daysToUnixRange({ from: day, to: day }, request.timeZone) as { date_from: number; date_to: number };
    const ttl = day === today ? CacheTtlMs.contactCountOpen : CacheTtlMs.contactCountClosed;
    return cached(background, CacheEntry.contactCount(bot, date_from, date_to), ttl, () =>
      getNumberOfContacts(background, { ...botFilter, date_from, date_to }),
    );
  };
  const [total, ...perDay] = await Promise.all([
    cached(background, CacheEntry.contactCount(bot, 0, 0), CacheTtlMs.contactCountOpen, () => getNumberOfContacts(background, botFilter)),
    ...days.map(count),
  ]);
  return {
    source: "counts",
    total: total.value,
    days: days.map((date, index) => ({ date, created: perDay[index].value })),
  };
}
