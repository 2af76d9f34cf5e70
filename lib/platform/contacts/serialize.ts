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
const CONTACT_FIELDS = sql.raw(`c.id::text AS id, c.bot_id::text AS bot_id, c.messenger, c.messenger_id,
  c.telegram_username, c.max_username, c.name, c.phone, c.email, c.address, c.avatar, c.tags,
  c.created_at, c.unsubscribed_at`);

/** The variables of alias `v` as one JSON array, ordered by id (an aggregate): what serializeContact reads. */
const VARIABLES_JSON = sql.raw(`json_agg(json_build_object('id', v.id, 'name', v.name, 'value', v.value, 'type', v.type,
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

/** A bigint column read as text: a number, or a bigint past 2^53 (stringifyJson writes its exact digits). */
const exactInteger = (text: string): number | bigint => numericId(text) ?? Number(text);

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
    id: exactInteger(row.id),
    bot_id: exactInteger(row.bot_id),
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

/*
 * The same contact written by PostgreSQL: the text of its JSON object, byte for byte what
 * stringifyJson(serializeContact(row)) writes for the same row (json-text.test.ts holds them to it), so that
 * an export hands PostgreSQL's text to the client without parsing it or building objects (page.ts).
 *
 * How the bytes agree. Every string goes through to_json(), PostgreSQL's escape_json: `"` `\\` \b \f \n \r \t
 * escaped by name, the other characters below U+0020 as \u00xx (lowercase hex), everything else as it is, U+2028
 * and U+2029 included: what JSON.stringify does (a text value cannot hold U+0000 or a lone surrogate). Integers are
 * their digits (ids past 2^53 stay exact); a messenger id is a number when it is digits (numeric::text drops leading
 * zeros and the sign of -0, as Number() does) and null otherwise. Timestamps are to_char() in UTC, seconds truncated,
 * as formatTimestamp. No json_build_object or json_agg: they write spaces (`"a" : 1`, `}, {`); everything is
 * concatenated here, with no whitespace, keys in serializeContact's order.
 *
 * `payload` (jsonb) is PostgreSQL's own text of it with the spaces after `:` and `,` outside strings removed: the same
 * JSON value. Its bytes differ from what the Node path writes only where JavaScript would change the value on the way:
 * a number not written as JavaScript writes it (1.50, 1e-7; integers past 2^53, which JavaScript also rounds, stay
 * exact here) and an object with integer-like keys (a JavaScript object moves them first; jsonb orders keys by length,
 * then bytes). A variable id past 2^53 likewise stays exact here where the Node path rounded it.
 */

/** A nullable text expression as JSON. */
const jsonText = (expression: string) => `COALESCE(to_json(${expression})::text, 'null')`;

/** A messenger id (text) as a JSON number, or null when it is not digits. */
const jsonNumericId = (expression: string) => `CASE WHEN ${expression} ~ '^-?[0-9]+$' THEN (${expression})::numeric::text ELSE 'null' END`;

/**
 * A timestamptz as formatTimestamp writes it, or null. The quotes of the JSON string are in the pattern (`\\"` is a
 * literal `"` to to_char; an E'' string, whatever standard_conforming_strings says): one function call, no concatenation.
 */
const jsonTimestamp = (expression: string) => `COALESCE(to_char(${expression} AT TIME ZONE 'UTC', E'\\\\"YYYY-MM-DD"T"HH24:MI:SS"+00:00"\\\\"'), 'null')`;

/** A jsonb value without the spaces PostgreSQL writes after `:` and `,` (strings untouched). */
const jsonbCompact = (expression: string) =>
  `CASE WHEN ${expression} IS NULL THEN 'null' WHEN jsonb_typeof(${expression}) IN ('object', 'array')
     THEN regexp_replace((${expression})::text, '("(?:[^"\\\\]|\\\\.)*")|([:,]) ', '\\1\\2', 'g') ELSE (${expression})::text END`;

/**
 * Per contact, from contact_variables aliased `v` grouped by contact_id: `variables`, the text of the variables array
 * ordered by id, and `utm`, the text of the object of its utm_* variables (null when there are none).
 */
export const VARIABLES_JSON_TEXT = sql.raw(`'[' || string_agg('{"id":' || v.id || ',"name":' || to_json(v.name)::text
    || ',"value":' || ${jsonText("v.value")} || ',"type":' || v.type || ',"schema_id":' || ${jsonText("v.schema_id")}
    || ',"deletable":' || CASE WHEN v.deletable THEN 'true' ELSE 'false' END || ',"payload":' || ${jsonbCompact("v.payload")} || '}',
    ',' ORDER BY v.id) || ']' AS variables,
  '{' || string_agg(to_json(v.name)::text || ':' || ${jsonText("v.value")}, ',' ORDER BY v.id) FILTER (WHERE starts_with(v.name, 'utm_')) || '}' AS utm`);

/**
 * The contact of alias `c` as the text of its JSON object; `vars` is the row of VARIABLES_JSON_TEXT for it (or nulls:
 * no variables).
 */
export const CONTACT_JSON_TEXT = sql.raw(`'{"id":' || c.id || ',"bot_id":' || c.bot_id
  || ',"phone":' || ${jsonText("c.phone")} || ',"email":' || ${jsonText("c.email")} || ',"name":' || to_json(c.name)::text
  || ',"address":' || ${jsonText("c.address")} || ',"messenger":' || to_json(c.messenger)::text
  || ',"utm":' || COALESCE(vars.utm, '[]') || ',"avatar":' || ${jsonText("c.avatar")}
  || CASE c.messenger
       WHEN 'telegram' THEN ',"telegram_id":' || to_json(c.messenger_id)::text || ',"telegram_username":' || ${jsonText("c.telegram_username")}
       WHEN 'max' THEN ',"max_user_id":' || ${jsonNumericId("c.messenger_id")} || ',"max_username":' || ${jsonText("c.max_username")}
       ELSE '' END
  || ',"vk_user_id":' || CASE WHEN c.messenger = 'vk' THEN ${jsonNumericId("c.messenger_id")} ELSE 'null' END
  || CASE WHEN c.messenger = 'viber' THEN ',"viber_id":' || to_json(c.messenger_id)::text ELSE '' END
  || ',"created_at":' || ${jsonTimestamp("c.created_at")} || ',"unsubscribed_at":' || ${jsonTimestamp("c.unsubscribed_at")}
  || ',"tags":' || COALESCE(CASE WHEN cardinality(c.tags) = 0 THEN '[]' ELSE to_json(c.tags)::text END, '[]')
  || ',"variables":' || COALESCE(vars.variables, '[]') || '}'`);
