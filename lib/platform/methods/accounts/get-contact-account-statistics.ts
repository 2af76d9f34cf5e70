import { z } from "zod";
import { defineMethod, GET_POST, ok } from "../../method";
import { optional } from "../../validation";
import { currencyParam } from "../../accounts/params";
import { checkStatisticsRange, statisticsRangeParams } from "../../statistics/params";
import { findAccountStatistics } from "../../statistics/accounts";
import { withKnownTimeZone } from "../../statistics/days";
import { ContactAccountStatistics, dataOf } from "@/lib/contract/responses";

const GetContactAccountStatisticsParamsSchema = z
  .object({
    ...statisticsRangeParams,
    currency: optional(currencyParam()),
  })
  .superRefine(checkStatisticsRange);

/**
 * Extension (docs/api-accounts.md): per currency of the holder's contact accounts the
 * balance total and account counts now, and per calendar day of the range in
 * `time_zone` the top-ups and debits made through the API.
 */
export const getContactAccountStatistics = defineMethod({
  verbs: GET_POST,
  params: GetContactAccountStatisticsParamsSchema,
  responses: { 200: dataOf(ContactAccountStatistics) },
  extension: true,
  async handle({ db, holder, t }, params) {
    const range = { date_from: params.date_from, date_to: params.date_to, time_zone: params.time_zone };
    return ok({ data: await withKnownTimeZone(t, () => findAccountStatistics(db, holder.id, range, params.currency ?? null)) });
  },
});
