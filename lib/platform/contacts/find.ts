import { sql } from "drizzle-orm";
import { queryRows, type Db } from "@/lib/db/client";
import { forbidden, notFound } from "../errors";
import type { Translate } from "../i18n";
import { CONTACT_COLUMNS, serializeContact, type Contact, type ContactRow } from "./serialize";
import "./messages";

/** One contact by id with what decides who may see it. */
export async function readContact(db: Db, contactId: number): Promise<(ContactRow & { hidden: boolean; owner_id: string }) | undefined> {
  const [row] = await queryRows<ContactRow & { hidden: boolean; owner_id: string }>(
    db,
    sql`SELECT ${CONTACT_COLUMNS}, (c.preview OR c.deleted OR b.deleted) AS hidden, p.owner_id::text AS owner_id
        FROM platform.contacts c
        JOIN platform.bots b ON b.id = c.bot_id
        JOIN platform.projects p ON p.uuid = b.project_uuid
        WHERE c.id = ${contactId}::bigint`,
  );
  return row;
}

/**
 * getContact: the contact as getContacts shows it. 404 (text also under
 * `errors.contact_id`, as the account methods answer) when it does not exist, is
 * deleted or a preview contact, or its bot is deleted; 403 when the bot's project is
 * not the holder's own (a project joined as a team member is someone else's).
 */
export async function findVisibleContact(db: Db, holderId: number, contactId: number, t: Translate): Promise<Contact> {
  const row = await readContact(db, contactId);
  if (!row || row.hidden) throw notFound(t("contacts.contact_not_found"), "contact_id");
  if (Number(row.owner_id) !== holderId) throw forbidden(t("contacts.contact_forbidden"));
  return serializeContact(row);
}
