import { sql } from "drizzle-orm";
import { queryRows, type Db } from "@/lib/db/client";

export interface GenerateContactsSpec {
  botId: number;
  count: number;
  messenger: "telegram" | "max" | "viber" | "vk" | "web";
  createdFrom: Date;
  createdTo: Date;
  /** Every n-th generated contact is a preview contact; 0: none. */
  previewEvery: number;
}

/**
 * Makes `count` synthetic contacts in one set-based INSERT … SELECT over
 * generate_series: ids after the largest existing id, created_at spread evenly
 * from createdFrom to createdTo, deterministic for the same input and state.
 */
export async function generateContacts(db: Db, spec: GenerateContactsSpec): Promise<number> {
  const [{ base }] = await queryRows<{ base: string | number }>(db, sql`SELECT COALESCE(max(id), 0) AS base FROM platform.contacts`);
  const from = spec.createdFrom.getTime() / 1000;
  const to = spec.createdTo.getTime() / 1000;
  const span = spec.count > 1 ? (to - from) / (spec.count - 1) : 0;
  await db.execute(sql`
    INSERT INTO platform.contacts (id, bot_id, messenger, messenger_id, telegram_username, max_username, name, phone, email, tags, preview, deleted, created_at, updated_at)
    SELECT ${base}::bigint + g,
           ${spec.botId}::bigint,
           ${spec.messenger},
           CASE WHEN ${spec.messenger} = 'viber' THEN 'gen-' || (${base}::bigint + g)::text
                ELSE (700000000000 + ${base}::bigint + g)::text END,
           CASE WHEN ${spec.messenger} = 'telegram' THEN 'user' || (${base}::bigint + g)::text END,
           CASE WHEN ${spec.messenger} = 'max' THEN 'max' || (${base}::bigint + g)::text END,
           'Contact ' || (${base}::bigint + g)::text,
           (79000000000 + ${base}::bigint + g)::text,
           NULL,
           '{}'::text[],
           ${spec.previewEvery} > 0 AND g % ${spec.previewEvery} = 0,
           false,
           to_timestamp(${from}::float8 + (g - 1) * ${span}::float8),
           to_timestamp(${from}::float8 + (g - 1) * ${span}::float8)
    FROM generate_series(1, ${spec.count}::bigint) AS g
  `);
  return spec.count;
}
