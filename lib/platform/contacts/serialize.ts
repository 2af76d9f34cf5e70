import { sql } from "drizzle-orm";
import { formatTimestamp } from "../time";

export type Messenger = "telegram" | "max" | "viber" | "vk" | "web";

export interface ContactVariable {
  id: number;
  name: string;
  value: string | null;
  type: number;
  schema_id: string | null;
  deletable: boolean;
  payload: unknown;
}

/** A contact as read by CONTACT_COLUMNS (bigints as text, whatever the driver). */
export type ContactRow = {
  id: string;
  bot_id: string;
  messenger: string;
  messenger_id: string;
  telegram_username: string | null;
  max_username: string | null;
  name: string;
  phone: string | null;
  email: string | null;
  address: string | null;
  avatar: string | null;
  tags: string[];
  created_at: Date | string;
  unsubscribed_at: Date | string | null;
  variables: ContactVariable[] | string;
};

/** The columns of a contact from alias `c`, bigints as text (drivers differ on int8). */
export const CONTACT_FIELDS = sql.raw(`c.id::text AS id, c.bot_id::text AS bot_id, c.messenger, c.messenger_id,
  c.telegram_username, c.max_username, c.name, c.phone, c.email, c.address, c.avatar, c.tags,
  c.created_at, c.unsubscribed_at`);

/** The variables of alias `v` as one JSON array, ordered by id (an aggregate). */
export const VARIABLES_JSON = sql.raw(`json_agg(json_build_object('id', v.id, 'name', v.name, 'value', v.value, 'type', v.type,
  'schema_id', v.schema_id, 'deletable', v.deletable, 'payload', v.payload) ORDER BY v.id)`);

/** A contact from alias `c` with its variables: for one contact (a page aggregates its variables once, see page.ts). */
export const CONTACT_COLUMNS = sql`${CONTACT_FIELDS},
  (SELECT COALESCE(${VARIABLES_JSON}, '[]'::json) FROM platform.contact_variables v WHERE v.contact_id = c.id) AS variables`;

/** A messenger id stored as text, as the JSON number the spec wants (bigint past 2^53, so it stays exact). */
function numericId(text: string): number | bigint | null {
  if (!/^-?\d+$/.test(text)) return null;
  const value = Number(text);
  return Number.isSafeInteger(value) ? value : BigInt(text);
}

/**
 * The spec's contact object, keys in the order of its table. Messenger-specific keys
 * appear only for their messenger, except `vk_user_id`, which every contact has
 * (null unless VK). `utm` is an object of the `utm_*` variables, or `[]` when none.
 */
export function serializeContact(row: ContactRow) {
  const variables: ContactVariable[] = typeof row.variables === "string" ? JSON.parse(row.variables) : row.variables;
  const utmEntries = variables.filter((v) => v.name.startsWith("utm_")).map((v) => [v.name, v.value] as const);
  const messenger = row.messenger as Messenger;
  return {
    id: Number(row.id),
    bot_id: Number(row.bot_id),
    phone: row.phone,
    email: row.email,
    name: row.name,
    address: row.address,
    messenger,
    utm: utmEntries.length > 0 ? Object.fromEntries(utmEntries) : [],
    avatar: row.avatar,
    ...(messenger === "telegram" ? { telegram_id: row.messenger_id, telegram_username: row.telegram_username } : {}),
    ...(messenger === "max" ? { max_user_id: numericId(row.messenger_id), max_username: row.max_username } : {}),
    vk_user_id: messenger === "vk" ? numericId(row.messenger_id) : null,
    ...(messenger === "viber" ? { viber_id: row.messenger_id } : {}),
    created_at: formatTimestamp(row.created_at),
    unsubscribed_at: formatTimestamp(row.unsubscribed_at),
    tags: row.tags ?? [],
    variables: variables.map((v) => ({
      id: Number(v.id),
      name: v.name,
      value: v.value,
      type: Number(v.type),
      schema_id: v.schema_id,
      deletable: v.deletable,
      payload: v.payload,
    })),
  };
}

export type Contact = ReturnType<typeof serializeContact>;
