import "server-only";
import { sql } from "drizzle-orm";
import { queryRows, type Db } from "@/lib/db/client";
import { getContact, type PlatformClient } from "@/lib/api";

/**
 * The dashboard's own directory of contact names (dashboard.contact_names):
 * written when the dashboard has a contact in hand anyway, read in one query for
 * a whole page, so that no page asks the platform once per row.
 */
export async function rememberContactNames(db: Db, contacts: { id: number; name: string | null }[]): Promise<void> {
  const named = new Map<number, string>();
  for (const contact of contacts) if (contact.name?.trim()) named.set(contact.id, contact.name.trim().slice(0, 255));
  if (named.size === 0) return;
  const values = [...named].map(([id, name]) => sql`(${id}::bigint, ${name})`);
  await db.execute(
    sql`INSERT INTO dashboard.contact_names (contact_id, name) VALUES ${sql.join(values, sql`, `)}
        ON CONFLICT (contact_id) DO UPDATE SET name = excluded.name, seen_at = now()`,
  );
}

/** The known names of these contacts, in one query; a contact the dashboard has not seen is absent. */
export async function findContactNames(db: Db, ids: number[]): Promise<Map<number, string>> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Map();
  const rows = await queryRows<{ contact_id: string; name: string }>(
    db,
    sql`SELECT contact_id::text AS contact_id, name FROM dashboard.contact_names
        WHERE contact_id IN (${sql.join(
          unique.map((id) => sql`${id}::bigint`),
          sql`, `,
        )})`,
  );
  return new Map(rows.map((row) => [Number(row.contact_id), row.name]));
}

/**
 * Makes sure the directory knows a contact's name (the ledger panel, opened
 * without the contact page): one getContact when it does not, none when it does.
 * A name is a label: any failure leaves it unknown and never fails the caller.
 */
export async function ensureContactName(db: Db, api: PlatformClient, contactId: number): Promise<void> {
  try {
    if ((await findContactNames(db, [contactId])).has(contactId)) return;
    const found = await getContact(api, { contact_id: contactId });
    if (found.available) await rememberContactNames(db, [found.data]);
  } catch {
    // Unknown stays unknown: Activity then shows the id.
  }
}
