import { z } from "zod";
import { defineMethod, GET_POST, ok } from "../../method";
import { paginateRaw } from "../../paginator";
import { integer, optional } from "../../validation";
import { findContactPage } from "../../contacts/page";
import { SortParamSchema } from "../../contacts/order";
import { ContactFilterParamsSchema, requestedContactFilter } from "../../contacts/scope";
import { ContactBatch, ContactPage } from "@/lib/contract/responses";

const DEFAULT_PAGE_SIZE = 20;
const MAX_PAGE_SIZE = 500;
const DEFAULT_BATCH = 100;
const MAX_BATCH = 1000;

const GetContactsParamsSchema = ContactFilterParamsSchema.extend({
  count: optional(integer().pipe(z.number().min(1).max(MAX_PAGE_SIZE))),
  page: optional(integer().pipe(z.number().min(1))),
  offset: optional(integer().pipe(z.number().min(0))),
  limit: optional(integer().pipe(z.number().min(1).max(MAX_BATCH))),
  // Extension: see contacts/order.ts. Absent is the spec's order, ascending id.
  sort: SortParamSchema.meta({ "x-extension": true }),
  // Kept for compatibility and ignored: tags and variables are always returned.
  with: z.unknown().optional(),
});

/**
 * getContacts: live contacts of the holder's own bots by ascending id (or the `sort` extension's order). `offset` or
 * `limit` switches to offset paging ({data, meta: {offset, limit, total}}, no links);
 * otherwise Laravel's paginator with `page` and `count`.
 */
export const getContacts = defineMethod({
  verbs: GET_POST,
  params: GetContactsParamsSchema,
  responses: { 200: z.union([ContactPage, ContactBatch]) },
  async handle({ db, holder, path }, params) {
    // The bot_id is checked by the page's own statement: one round trip fewer per batch of an export.
    const filter = await requestedContactFilter(db, holder.id, params);
    if (params.offset !== undefined || params.limit !== undefined) {
      const offset = params.offset ?? 0;
      const limit = params.limit ?? DEFAULT_BATCH;
      const { contacts, total } = await findContactPage(db, filter, { offset, limit }, params.sort);
      // `contacts` is PostgreSQL's text of the batch, written into the answer as it is (json.ts, RawJson).
      return ok({ data: contacts, meta: { offset, limit, total } });
    }
    const perPage = params.count ?? DEFAULT_PAGE_SIZE;
    const page = params.page ?? 1;
    const { contacts, count, total } = await findContactPage(db, filter, { offset: (page - 1) * perPage, limit: perPage }, params.sort);
    return ok(paginateRaw(contacts, count, { total, perPage, page, path, metaLinks: true }));
  },
});
