import { sql, type SQL } from "drizzle-orm";
import { queryRows, type Db } from "@/lib/db/client";
import { forbidden, notFound, type PlatformError } from "../errors";
import type { Translate } from "../i18n";
import "./messages";

/**
 * Who may touch a contact or account: it must exist, its contact and bot must not
 * be deleted (else 404), and the bot's project must be owned by the key holder
 * (else 403; a project the holder joined as a team member is someone else's).
 * A preview contact exists, so its accounts are reachable.
 */
export type Reach = {
  /** Contact or bot deleted. */
  gone: boolean;
  owner_id: string;
};

/** The SQL select list of a Reach, given aliases c (contact), b (bot), p (project). */
const REACH_COLUMNS = sql.raw("(c.deleted OR b.deleted) AS gone, p.owner_id::text AS owner_id");

/** Joins from a contact alias `c` to its bot `b` and project `p`. */
const REACH_JOINS = sql.raw("JOIN platform.bots b ON b.id = c.bot_id JOIN platform.projects p ON p.uuid = b.project_uuid");

export type Subject = "contact" | "account";

/** The spec's 404 for a contact or account, with the text also under `errors.<contact_id|account_id>`. */
export function missing(subject: Subject, t: Translate): PlatformError {
  return notFound(t(`accounts.${subject}_not_found`), subject === "contact" ? "contact_id" : "account_id");
}

/** Throws the spec's 404 or 403 unless `reach` is a live object of the holder. */
export function assertReach(reach: Reach | undefined | null, holderId: number, subject: Subject, t: Translate): void {
  if (!reach || reach.owner_id === null || reach.gone) throw missing(subject, t);
  if (Number(reach.owner_id) !== holderId) throw forbidden(t(`accounts.${subject}_forbidden`));
}

/** A live contact of the holder, or the spec's 404/403. */
export async function findReachableContact(db: Db, holderId: number, contactId: number, t: Translate): Promise<void> {
  const [reach] = await queryRows<Reach>(db, sql`SELECT ${REACH_COLUMNS} FROM platform.contacts c ${REACH_JOINS} WHERE c.id = ${contactId}::bigint`);
  assertReach(reach, holderId, "contact", t);
}

/** A live account of the holder (its contact and bot not deleted), or the spec's 404/403. */
export async function findReachableAccount(db: Db, holderId: number, accountId: number, t: Translate): Promise<void> {
  const [reach] = await queryRows<Reach>(db, accountReachQuery(accountId));
  assertReach(reach, holderId, "account", t);
}

function accountReachQuery(accountId: number): SQL {
  return sql`SELECT ${REACH_COLUMNS}
             FROM platform.contact_accounts a JOIN platform.contacts c ON c.id = a.contact_id ${REACH_JOINS}
             WHERE a.id = ${accountId}::bigint`;
}

/** The SQLSTATE of a database error, also when a driver or drizzle wrapped it. */
export function sqlStateOf(error: unknown): string | null {
  for (let current: unknown = error; current && typeof current === "object"; current = (current as { cause?: unknown }).cause) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === "string" && /^[0-9A-Z]{5}$/.test(code)) return code;
  }
  return null;
}
