import { sql } from "drizzle-orm";
import { queryRows, type Db } from "@/lib/db/client";
import { PlatformError } from "../errors";
import type { Translate } from "../i18n";
import { readContact } from "./find";
import { serializeContact, type Contact } from "./serialize";
import "./messages";

export type ApiMessenger = "telegram" | "max" | "viber" | "vk";

/** createOrUpdateContact after validation: absent optional fields are undefined. */
export interface ContactUpsert {
  botId: number;
  messenger: ApiMessenger;
  /** The messenger's id of the contact, as stored in contacts.messenger_id. */
  messengerId: string;
  name: string;
  telegramUsername?: string;
  maxUsername?: string;
  /** Digits only (the `+` is dropped). */
  phone?: string;
  email?: string;
  address?: string;
  /** Replaces all tags when given; [] clears them. */
  tags?: string[];
}

const FIRST_MESSAGE = "Created from API";

/** The spec's 404 for createOrUpdateContact: `message` and `errors.bot_id`. */
function botNotFound(t: Translate): PlatformError {
  const text = t("contacts.bot_not_found");
  return new PlatformError(404, { message: text, errors: { bot_id: [text] } });
}

/**
 * Finds the live contact with this messenger id in the bot and updates it, or creates
 * it; one transaction. Creating is an INSERT … ON CONFLICT DO NOTHING on the unique
 * (bot_id, messenger, messenger_id) index of live contacts, so two simultaneous calls
 * for a new id make one contact: the second waits for the first to commit, inserts
 * nothing and takes the update path (one 201, one 200). A new contact gets the first
 * message 'Created from API' and raises the bot's subscriber count in the same
 * transaction; nothing is sent and no scenario starts.
 */
export async function createOrUpdateContact(db: Db, holderId: number, input: ContactUpsert, t: Translate): Promise<{ created: boolean; contact: Contact }> {
  return db.transaction(async (transaction) => {
    const tx = transaction as unknown as Db;
    const [bot] = await queryRows<{ id: string }>(
      tx,
      sql`SELECT b.id::text AS id FROM platform.bots b JOIN platform.projects p ON p.uuid = b.project_uuid
          WHERE b.id = ${input.botId}::bigint AND p.owner_id = ${holderId}::bigint AND NOT b.deleted`,
    );
    if (!bot) throw botNotFound(t);
    const telegramUsername = input.messenger === "telegram" ? (input.telegramUsername ?? null) : null;
    const maxUsername = input.messenger === "max" ? (input.maxUsername ?? null) : null;
    const tags = input.tags === undefined ? null : sql`${sql.param(input.tags)}::text[]`;

    // A contact removed between the failed insert and the update is retried as new.
    for (let attempt = 0; attempt < 5; attempt++) {
      const [inserted] = await queryRows<{ id: string }>(
        tx,
        sql`INSERT INTO platform.contacts
              (id, bot_id, messenger, messenger_id, telegram_username, max_username, name, phone, email, address, tags)
            VALUES (nextval('platform.contact_id_seq'), ${input.botId}::bigint, ${input.messenger}::text, ${input.messengerId}::text,
                    ${telegramUsername}::text, ${maxUsername}::text, ${input.name}::text, ${input.phone ?? null}::text,
                    ${input.email ?? null}::text, ${input.address ?? null}::text, ${tags ?? sql`'{}'::text[]`})
            ON CONFLICT (bot_id, messenger, messenger_id) WHERE NOT preview AND NOT deleted DO NOTHING
            RETURNING id::text AS id`,
      );
      if (inserted) {
        await tx.execute(sql`INSERT INTO platform.contact_messages (contact_id, direction, text) VALUES (${inserted.id}::bigint, 'system', ${FIRST_MESSAGE})`);
        await tx.execute(sql`UPDATE platform.bots SET subscriber_count = subscriber_count + 1 WHERE id = ${input.botId}::bigint`);
        return { created: true, contact: await readBack(tx, inserted.id) };
      }
      // Name always; the other fields only when given and non-empty (they cannot be cleared here).
      const [updated] = await queryRows<{ id: string }>(
        tx,
        sql`UPDATE platform.contacts SET
              name = ${input.name}::text,
              telegram_username = COALESCE(${telegramUsername}::text, telegram_username),
              max_username = COALESCE(${maxUsername}::text, max_username),
              phone = COALESCE(${input.phone ?? null}::text, phone),
              email = COALESCE(${input.email ?? null}::text, email),
              address = COALESCE(${input.address ?? null}::text, address),
              tags = ${tags ?? sql`tags`},
              updated_at = now()
            WHERE bot_id = ${input.botId}::bigint AND messenger = ${input.messenger}::text
              AND messenger_id = ${input.messengerId}::text AND NOT preview AND NOT deleted
            RETURNING id::text AS id`,
      );
      if (updated) return { created: false, contact: await readBack(tx, updated.id) };
    }
    throw new Error(`createOrUpdateContact: the contact ${input.messengerId} of bot ${input.botId} kept changing`);
  });
}

async function readBack(tx: Db, id: string): Promise<Contact> {
  const row = await readContact(tx, Number(id));
  if (!row) throw new Error(`contact ${id} vanished inside its own transaction`);
  return serializeContact(row);
}
