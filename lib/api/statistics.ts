import "server-only";
import type { PlatformClient } from "./client";
import type { Extension } from "./errors";
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
