import { sql } from "drizzle-orm";
import {
  bigint,
  bigserial,
  boolean,
  char,
  index,
  integer,
  jsonb,
  pgSchema,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  varchar,
} from "drizzle-orm/pg-core";

/** Every table of the platform API lives in the Postgres schema `platform`. */
export const platform = pgSchema("platform");

const tz = (name: string) => timestamp(name, { withTimezone: true, mode: "date" });

/** Key holders: the owners of API keys. Only the SHA-256 of the key is stored. */
export const keyHolders = platform.table(
  "key_holders",
  {
    id: bigint("id", { mode: "number" }).primaryKey(),
    email: varchar("email", { length: 255 }).notNull(),
    name: varchar("name", { length: 255 }).notNull(),
    plan: varchar("plan", { length: 16 }).notNull().default("pro"),
    apiKeyHash: char("api_key_hash", { length: 64 }),
    blocked: boolean("blocked").notNull().default(false),
    createdAt: tz("created_at").notNull().defaultNow(),
    updatedAt: tz("updated_at").notNull().defaultNow(),
  },
  (t) => [uniqueIndex("key_holders_api_key_hash_uq").on(t.apiKeyHash)],
);

export const projects = platform.table(
  "projects",
  {
    uuid: uuid("uuid").primaryKey(),
    ownerId: bigint("owner_id", { mode: "number" })
      .notNull()
      .references(() => keyHolders.id, { onDelete: "cascade" }),
    name: varchar("name", { length: 255 }).notNull(),
    createdAt: tz("created_at").notNull().defaultNow(),
  },
  (t) => [index("projects_owner_idx").on(t.ownerId)],
);

/** Key holders invited to a project as team members: never reach it through the API. */
export const projectMembers = platform.table(
  "project_members",
  {
    projectUuid: uuid("project_uuid")
      .notNull()
      .references(() => projects.uuid, { onDelete: "cascade" }),
    keyHolderId: bigint("key_holder_id", { mode: "number" })
      .notNull()
      .references(() => keyHolders.id, { onDelete: "cascade" }),
  },
  (t) => [primaryKey({ columns: [t.projectUuid, t.keyHolderId] })],
);

export const bots = platform.table(
  "bots",
  {
    id: bigint("id", { mode: "number" }).primaryKey(),
    projectUuid: uuid("project_uuid")
      .notNull()
      .references(() => projects.uuid, { onDelete: "cascade" }),
    name: varchar("name", { length: 255 }).notNull(),
    deleted: boolean("deleted").notNull().default(false),
    subscriberCount: bigint("subscriber_count", { mode: "number" }).notNull().default(0),
    createdAt: tz("created_at").notNull().defaultNow(),
  },
  (t) => [index("bots_project_idx").on(t.projectUuid)],
);

/**
 * Contacts. `messenger_id` is the id the contact is looked up by within its bot
 * (telegram_id, max_user_id, vk_user_id or viber_id as text), unique per bot and messenger.
 */
export const contacts = platform.table(
  "contacts",
  {
    id: bigint("id", { mode: "number" }).primaryKey(),
    botId: bigint("bot_id", { mode: "number" })
      .notNull()
      .references(() => bots.id, { onDelete: "cascade" }),
    messenger: varchar("messenger", { length: 16 }).notNull(),
    messengerId: varchar("messenger_id", { length: 255 }).notNull(),
    telegramUsername: varchar("telegram_username", { length: 255 }),
    maxUsername: varchar("max_username", { length: 255 }),
    name: varchar("name", { length: 255 }).notNull().default(""),
    phone: varchar("phone", { length: 32 }),
    email: varchar("email", { length: 255 }),
    address: varchar("address", { length: 255 }),
    avatar: text("avatar"),
    tags: text("tags")
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    preview: boolean("preview").notNull().default(false),
    deleted: boolean("deleted").notNull().default(false),
    createdAt: tz("created_at").notNull().defaultNow(),
    updatedAt: tz("updated_at").notNull().defaultNow(),
    unsubscribedAt: tz("unsubscribed_at"),
  },
  (t) => [
    // Only live contacts own their messenger id: a deleted or preview contact does not
    // stop createOrUpdateContact from creating a new contact with the same id.
    uniqueIndex("contacts_bot_messenger_id_uq")
      .on(t.botId, t.messenger, t.messengerId)
      .where(sql`NOT ${t.preview} AND NOT ${t.deleted}`),
    // Exports and counts only ever see visible contacts: partial indexes keep them small.
    index("contacts_visible_bot_id_idx")
      .on(t.botId, t.id)
      .where(sql`NOT ${t.preview} AND NOT ${t.deleted}`),
    index("contacts_visible_bot_created_idx")
      .on(t.botId, t.createdAt, t.id)
      .where(sql`NOT ${t.preview} AND NOT ${t.deleted}`),
  ],
);

/** Sequence for contact ids created through the API (fixtures may set their own ids). */
export const contactIdSeq = platform.sequence("contact_id_seq", { startWith: 1 });

/**
 * Per-bot facts kept exact by statement triggers on contacts (lib/db/custom/contact_counters.sql):
 * `visible` counts live contacts (not preview, not deleted); `max_id` is the largest id ever
 * inserted; `version` takes a new value of contact_version_seq whenever a change could move
 * a contact's position in an id-ordered export (anything but an append above max_id).
 * No foreign key: a bot re-created with the same id must never get back an old version.
 */
export const contactBotStats = platform.table("contact_bot_stats", {
  botId: bigint("bot_id", { mode: "number" }).primaryKey(),
  visible: bigint("visible", { mode: "number" }).notNull().default(0),
  maxId: bigint("max_id", { mode: "number" }).notNull().default(0),
  version: bigint("version", { mode: "number" }).notNull().default(0),
});

export const contactVersionSeq = platform.sequence("contact_version_seq", { startWith: 1 });

/** Live contacts per bot and hour of creation (hour = floor(unix seconds / 3600)): exact date-range counts. */
export const contactHourCounts = platform.table(
  "contact_hour_counts",
  {
    botId: bigint("bot_id", { mode: "number" }).notNull(),
    hour: bigint("hour", { mode: "number" }).notNull(),
    visible: bigint("visible", { mode: "number" }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.botId, t.hour] })],
);

/**
 * Export cursors, shared by every instance: for a filter (hash of holder, bot_id,
 * date_from, date_to), the id of the last contact before `position`. Valid only
 * while the scope's bots and their versions are unchanged; rows expire.
 */
export const contactCursors = platform.table(
  "contact_cursors",
  {
    filterHash: varchar("filter_hash", { length: 64 }).notNull(),
    position: bigint("position", { mode: "number" }).notNull(),
    lastId: bigint("last_id", { mode: "number" }).notNull(),
    botIds: bigint("bot_ids", { mode: "number" }).array().notNull(),
    versions: bigint("versions", { mode: "number" }).array().notNull(),
    expiresAt: tz("expires_at").notNull(),
  },
  (t) => [primaryKey({ columns: [t.filterHash, t.position] }), index("contact_cursors_expires_idx").on(t.expiresAt)],
);

export const contactVariables = platform.table(
  "contact_variables",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    contactId: bigint("contact_id", { mode: "number" })
      .notNull()
      .references(() => contacts.id, { onDelete: "cascade" }),
    name: varchar("name", { length: 255 }).notNull(),
    value: text("value"),
    type: smallint("type").notNull().default(0),
    schemaId: varchar("schema_id", { length: 64 }),
    deletable: boolean("deletable").notNull().default(true),
    payload: jsonb("payload"),
  },
  (t) => [uniqueIndex("contact_variables_contact_name_uq").on(t.contactId, t.name)],
);

export const contactMessages = platform.table(
  "contact_messages",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    contactId: bigint("contact_id", { mode: "number" })
      .notNull()
      .references(() => contacts.id, { onDelete: "cascade" }),
    direction: varchar("direction", { length: 16 }).notNull().default("system"),
    text: text("text").notNull(),
    createdAt: tz("created_at").notNull().defaultNow(),
  },
  (t) => [index("contact_messages_contact_idx").on(t.contactId, t.id)],
);

/** Contact accounts: internal balances in minor units, one per currency per contact. */
export const contactAccounts = platform.table(
  "contact_accounts",
  {
    id: bigint("id", { mode: "number" }).primaryKey(),
    contactId: bigint("contact_id", { mode: "number" })
      .notNull()
      .references(() => contacts.id, { onDelete: "cascade" }),
    currency: char("currency", { length: 3 }).notNull(),
    amount: bigint("amount", { mode: "bigint" })
      .notNull()
      .default(sql`0`),
    blockedAt: tz("blocked_at"),
    createdAt: tz("created_at").notNull().defaultNow(),
    updatedAt: tz("updated_at").notNull().defaultNow(),
  },
  (t) => [uniqueIndex("contact_accounts_contact_currency_uq").on(t.contactId, t.currency)],
);

export const contactAccountIdSeq = platform.sequence("contact_account_id_seq", { startWith: 1 });

/** The journal of every balance change, written in the same transaction as the change. */
export const accountJournal = platform.table(
  "account_journal",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    accountId: bigint("account_id", { mode: "number" })
      .notNull()
      .references(() => contactAccounts.id, { onDelete: "cascade" }),
    kind: varchar("kind", { length: 16 }).notNull(),
    title: varchar("title", { length: 255 }).notNull(),
    amount: bigint("amount", { mode: "bigint" }).notNull(),
    description: varchar("description", { length: 255 }).notNull(),
    balanceAfter: bigint("balance_after", { mode: "bigint" }).notNull(),
    createdAt: tz("created_at").notNull().defaultNow(),
  },
  (t) => [index("account_journal_account_idx").on(t.accountId, t.id)],
);

export const listSchemas = platform.table(
  "list_schemas",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    projectUuid: uuid("project_uuid")
      .notNull()
      .references(() => projects.uuid, { onDelete: "cascade" }),
    botId: bigint("bot_id", { mode: "number" }).references(() => bots.id, { onDelete: "set null" }),
    name: varchar("name", { length: 255 }).notNull(),
    isMenu: boolean("is_menu").notNull().default(false),
    createdAt: tz("created_at").notNull().defaultNow(),
    updatedAt: tz("updated_at").notNull().defaultNow(),
  },
  (t) => [index("list_schemas_project_idx").on(t.projectUuid, t.createdAt, t.id)],
);

/** Fields of a list, ordered by `position`. */
export const listFields = platform.table(
  "list_fields",
  {
    schemaId: uuid("schema_id")
      .notNull()
      .references(() => listSchemas.id, { onDelete: "cascade" }),
    slug: varchar("slug", { length: 255 }).notNull(),
    position: integer("position").notNull(),
    name: varchar("name", { length: 255 }).notNull(),
    type: varchar("type", { length: 16 }).notNull(),
    currency: char("currency", { length: 3 }),
    isRequired: boolean("is_required").notNull().default(true),
    isHidden: boolean("is_hidden").notNull().default(false),
    isEncryptable: boolean("is_encryptable").notNull().default(false),
  },
  (t) => [primaryKey({ columns: [t.schemaId, t.slug] }), index("list_fields_order_idx").on(t.schemaId, t.position)],
);

/** Records of a list: a map slug -> value (encrypted values stored as ciphertext strings). */
export const listItems = platform.table(
  "list_items",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    schemaId: uuid("schema_id")
      .notNull()
      .references(() => listSchemas.id, { onDelete: "cascade" }),
    data: jsonb("data")
      .notNull()
      .default(sql`'{}'::jsonb`),
    createdAt: tz("created_at").notNull().defaultNow(),
    updatedAt: tz("updated_at").notNull().defaultNow(),
  },
  (t) => [index("list_items_schema_idx").on(t.schemaId, t.createdAt, t.id)],
);

export const deprecations = platform.table("deprecations", {
  method: varchar("method", { length: 64 }).primaryKey(),
  sunset: tz("sunset").notNull(),
  replacement: varchar("replacement", { length: 64 }),
});

/** Fixed-window request counters shared by every server instance. */
export const rateLimitCounters = platform.table(
  "rate_limit_counters",
  {
    bucket: varchar("bucket", { length: 64 }).notNull(),
    windowStart: bigint("window_start", { mode: "number" }).notNull(),
    hits: integer("hits").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.bucket, t.windowStart] })],
);
