import { z } from "zod";
import { sql } from "drizzle-orm";
import { queryRows } from "@/lib/db/client";
import { defineMethod, GET_POST, ok } from "../../method";
import { paginate } from "../../paginator";
import { formatTimestamp } from "../../time";
import { findReachableAccount } from "../../accounts/access";
import { accountIdParam } from "../../accounts/params";
import { JournalPage, NotFoundBody } from "@/lib/contract/responses";

const JOURNAL_PAGE_SIZE = 50;

/** Laravel's paginator reads `page` tolerantly: anything but an integer ≥ 1 is page 1. */
const pageParam = () =>
  z.preprocess((value) => {
    const page = typeof value === "number" ? value : typeof value === "string" && /^\d+$/.test(value) ? Number(value) : NaN;
    return Number.isSafeInteger(page) && page >= 1 ? page : 1;
  }, z.number());

const GetContactAccountJournalParamsSchema = z.object({
  account_id: accountIdParam(),
  page: pageParam(),
});

/** Extension: the account's journal, newest first, 50 per page, in Laravel's paginator shape. */
export const getContactAccountJournal = defineMethod({
  verbs: GET_POST,
  params: GetContactAccountJournalParamsSchema,
  responses: { 200: JournalPage, 404: NotFoundBody },
  extension: true,
  async handle({ db, holder, t, path }, params) {
    await findReachableAccount(db, holder.id, params.account_id, t);
    const offset = (params.page - 1) * JOURNAL_PAGE_SIZE;
    const rows = await queryRows<{
      id: string;
      kind: string;
      title: string;
      amount: string;
      description: string;
      balance_after: string;
      created_at: Date | string;
      total: string;
    }>(
      db,
      sql`SELECT j.id::text AS id, j.kind, j.title, j.amount::text AS amount, j.description,
                 j.balance_after::text AS balance_after, j.created_at,
                 (SELECT count(*) FROM platform.account_journal WHERE account_id = ${params.account_id}::bigint)::text AS total
          FROM (SELECT 1) AS one
          LEFT JOIN LATERAL (
            SELECT * FROM platform.account_journal WHERE account_id = ${params.account_id}::bigint
            ORDER BY id DESC LIMIT ${JOURNAL_PAGE_SIZE} OFFSET ${offset}
          ) AS j ON true`,
    );
    const total = Number(rows[0]?.total ?? 0);
    const items = rows
      .filter((row) => row.id !== null)
      .map((row) => ({
        id: Number(row.id),
        kind: row.kind,
        title: row.title,
        amount: BigInt(row.amount),
        description: row.description,
        balance_after: BigInt(row.balance_after),
        created_at: formatTimestamp(row.created_at),
      }));
    return ok(paginate(items, { total, perPage: JOURNAL_PAGE_SIZE, page: params.page, path }));
  },
});
