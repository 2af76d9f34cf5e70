import "server-only";
import { z } from "zod";
import { CacheEntry, CacheTtlMs, cached } from "./cache";
import type { PlatformClient } from "./client";
import { isPlatformApiError, type Extension } from "./errors";
import { ContactAccountStatisticsSchema, ContactStatisticsSchema, STATISTICS_READING, dataOf } from "./schemas";
import type { ContactAccountStatistics, ContactStatistics } from "./schemas";
import { callExtension, callMethod } from "./transport";

/** Calendar days `date_from`..`date_to` (`YYYY-MM-DD`, both included, at most 366) in `time_zone` (IANA, default UTC). */
export interface StatisticsRange {
  date_from: string;
  date_to: string;
  time_zone?: string;
}

/**
 * Extension (docs/api-contacts.md): contacts created per day, every day present, and
 * `total` as getNumberOfContacts counts it. `{available: false}` on a platform without it.
 */
export function getContactStatistics(api: PlatformClient, params: StatisticsRange & { bot_id?: number }): Promise<Extension<ContactStatistics>> {
  return callExtension(
    api,
    "getContactStatistics",
    async () => (await callMethod(api, "getContactStatistics", { ...params }, dataOf(ContactStatisticsSchema))).data,
  );
}

/**
 * Extension (docs/api-accounts.md): per currency the balance total and account counts
 * now, and per day the top-ups and debits (money as bigint minor units).
 */
export function getContactAccountStatistics(
  api: PlatformClient,
  params: StatisticsRange & { currency?: string },
): Promise<Extension<ContactAccountStatistics>> {
  return callExtension(
    api,
    "getContactAccountStatistics",
    async () => (await callMethod(api, "getContactAccountStatistics", { ...params }, dataOf(ContactAccountStatisticsSchema), STATISTICS_READING)).data,
  );
}

/**
 * Whether the platform has the statistics extensions, kept in the platform cache like
 * the search probe. The probe is a call without parameters: a platform with the
 * extension answers 422 (it checks the parameters), one without it 404 (routing answers
 * before anything else). Any other failure is not an answer and is not kept.
 */
export async function hasStatistics(api: PlatformClient): Promise<boolean> {
  const probe = async () => {
    try {
      await callMethod(api, "getContactStatistics", {}, z.unknown());
      return true;
    } catch (error) {
      if (isPlatformApiError(error) && error.status === 422) return true;
      if (isPlatformApiError(error) && error.status === 404) return false;
      throw error;
    }
  };
  return (await cached(api, CacheEntry.statistics, CacheTtlMs.statistics, probe)).value;
}
