import { sql } from "drizzle-orm";
import { queryRows, type Db } from "@/lib/db/client";
import { formatTimestamp } from "../time";

/** What the public API does not show about a contact, for operators and black-box checks. */
export async function inspectContact(db: Db, contactId: number) {
  const [contact] = await queryRows<{ id: string; bot_id: string; preview: boolean; deleted: boolean; subscriber_count: string }>(
    db,
    sql`SELECT c.id::text, c.bot_id::text, c.preview, c.deleted, b.subscriber_count::text
        FROM platform.contacts c JOIN platform.bots b ON b.id = c.bot_id WHERE c.id = ${contactId}`,
  );
  if (!contact) return null;
  const messages = await queryRows<{ text: string; direction: string; created_at: Date }>(
    db,
    sql`SELECT text, direction, created_at FROM platform.contact_messages WHERE contact_id = ${contactId} ORDER BY id`,
  );
  const accounts = await queryRows<{ id: string; currency: string; amount: string }>(
    db,
    sql`SELECT id::text, currency, amount::text FROM platform.contact_accounts WHERE contact_id = ${contactId} ORDER BY created_at, id`,
  );
  const journal = accounts.length
    ? await queryRows<{ account_id: string; kind: string; title: string; amount: string; description: string; balance_after: string; created_at: Date }>(
        db,
        sql`SELECT account_id::text, kind, title, amount::text, description, balance_after::text, created_at
            FROM platform.account_journal WHERE account_id = ANY(${sql.param(accounts.map((a) => a.id))}::bigint[]) ORDER BY id`,
      )
    : [];
  return {
    contact: { id: Number(contact.id), bot_id: Number(contact.bot_id), preview: contact.preview, deleted: contact.deleted },
    bot: { id: Number(contact.bot_id), subscriber_count: Number(contact.subscriber_count) },
    messages: messages.map((m) => ({ text: m.text, created_at: formatTimestamp(m.created_at) })),
    // The platform never starts scenarios or sends anything on API calls.
    scenarios_started: 0,
    outgoing_messages: messages.filter((m) => m.direction === "outgoing").length,
    accounts: accounts.map((a) => ({
      id: Number(a.id),
      currency: a.currency,
      amount: BigInt(a.amount),
      journal: journal
        .filter((j) => j.account_id === a.id)
        .map((j) => ({
          kind: j.kind,
          title: j.title,
          amount: BigInt(j.amount),
          description: j.description,
          balance_after: BigInt(j.balance_after),
          created_at: formatTimestamp(j.created_at),
        })),
    })),
  };
}
