import { z } from "zod";
import { defineMethod, GET_POST, ok } from "../../method";
import { integer, optional } from "../../validation";
import { resolveContactFilter } from "../../contacts/scope";
import { checkStatisticsRange, statisticsRangeParams } from "../../statistics/params";
import { findContactStatistics } from "../../statistics/contacts";
import { withKnownTimeZone } from "../../statistics/days";
import { ContactStatistics, dataOf } from "@/lib/contract/responses";

const GetContactStatisticsParamsSchema = z
  .object({
    ...statisticsRangeParams,
    bot_id: optional(integer()),
  })
  .superRefine(checkStatisticsRange);

/**
 * Extension (docs/api-contacts.md): live contacts created per calendar day of
 * `date_from`..`date_to` in `time_zone`, every day present, and `total`, the number
 * getNumberOfContacts gives for the same `bot_id` (a foreign or unknown bot: zeros).
 */
export const getContactStatistics = defineMethod({
  verbs: GET_POST,
  params: GetContactStatisticsParamsSchema,
  responses: { 200: dataOf(ContactStatistics) },
  extension: true,
  async handle({ db, holder, t }, params) {
    const filter = await resolveContactFilter(db, holder.id, { bot_id: params.bot_id });
    const range = { date_from: params.date_from, date_to: params.date_to, time_zone: params.time_zone };
    return ok({ data: await withKnownTimeZone(t, () => findContactStatistics(db, filter.botIds, range)) });
  },
});
