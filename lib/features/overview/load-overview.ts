import "server-only";
import {
  cached,
  CacheEntry,
  CacheTtlMs,
  getContactAccountStatistics,
  getContactStatistics,
  getNumberOfContacts,
  type ContactAccountStatistics,
  type PlatformClient,
} from "@/lib/api";
import { getDb } from "@/lib/db/client";
import { daysToUnixRange } from "@/lib/features/contacts/time-zone";
import { listAuditEntries, type Viewer } from "@/lib/features/ledger/audit";
import type { AuditEntryView } from "@/lib/features/ledger/types";
import { everyDay, lastDays } from "./days";

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

/** One currency of the accounts: totals now and movements per day (money: integer minor units as text). */
export interface CurrencyOverview {
  currency: string;
  balanceTotal: string;
  accounts: number;
  blockedAccounts: number;
  days: { date: string; topUps: string; topUpCount: number; debits: string; debitCount: number }[];
}

/** Money needs the statistics extension: without it the page says so instead of guessing. */
export type MoneyOverview = { available: true; currencies: CurrencyOverview[] } | { available: false };

export interface OverviewRequest {
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
  // The background lane for the budget only: a person waits for these counts, so the page's timeouts hold.
  const background = api.with({ lane: "background", maxWaitMs: COUNT_WAIT_MS, timeouts: api.timeouts });
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

/** The days of the overview as the statistics extensions take them. */
function statisticsRange(request: Pick<OverviewRequest, "timeZone" | "now">): { days: string[]; date_from: string; date_to: string; time_zone: string } {
  const days = lastDays(request.now, request.timeZone, OVERVIEW_DAYS);
  return { days, date_from: days[0], date_to: days[days.length - 1], time_zone: request.timeZone };
}

/**
 * The contacts of the last 30 days of the viewer's zone, all bots or one: one
 * getContactStatistics call, or on a platform without it the cached daily counts.
 */
export async function loadContactOverview(api: PlatformClient, request: OverviewRequest): Promise<ContactOverview> {
  const { days, ...range } = statisticsRange(request);
  const statistics = await getContactStatistics(api, { ...range, ...(request.botId === null ? {} : { bot_id: request.botId }) });
  if (!statistics.available) return countContactsPerDay(api, request);
  return {
    source: "statistics",
    total: statistics.data.total,
    days: everyDay(
      days,
      statistics.data.days.map((day) => ({ date: day.date, created: day.created })),
      (date) => ({ date, created: 0 }),
    ),
  };
}

function toCurrencyOverviews(statistics: ContactAccountStatistics, days: readonly string[]): CurrencyOverview[] {
  const zero = (date: string) => ({ date, topUps: "0", topUpCount: 0, debits: "0", debitCount: 0 });
  return statistics.currencies.map((entry) => ({
    currency: entry.currency,
    balanceTotal: String(entry.balance_total),
    accounts: entry.accounts,
    blockedAccounts: entry.blocked_accounts,
    days: everyDay(
      days,
      entry.days.map((day) => ({
        date: day.date,
        topUps: String(day.top_ups),
        topUpCount: day.top_up_count,
        debits: String(day.debits),
        debitCount: day.debit_count,
      })),
      zero,
    ),
  }));
}

/** Balances per currency and their movements per day of the last 30 days: one getContactAccountStatistics call. */
export async function loadMoneyOverview(api: PlatformClient, request: Pick<OverviewRequest, "timeZone" | "now">): Promise<MoneyOverview> {
  const { days, ...range } = statisticsRange(request);
  const statistics = await getContactAccountStatistics(api, range);
  if (!statistics.available) return { available: false };
  return { available: true, currencies: toCurrencyOverviews(statistics.data, days) };
}

/** How many entries of the activity the overview shows (the Activity page has the rest). */
const LATEST_ACTIVITY = 10;

/** The newest entries of the audit trail the viewer may read, newest first. */
export async function loadLatestActivity(viewer: Viewer): Promise<AuditEntryView[]> {
  const db = await getDb();
  return (await listAuditEntries(db, { id: viewer.id, role: viewer.role }, {}, 1, LATEST_ACTIVITY)).items;
}
