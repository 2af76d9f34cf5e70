import { z } from "zod";
import { FIELD_TYPES } from "@/lib/contract/facts";
import { sql, type SQL } from "drizzle-orm";
import type { Db, Tx } from "@/lib/db/client";
import {
  bots,
  contactAccounts,
  contacts,
  contactVariables,
  deprecations,
  keyHolders,
  listFields,
  listSchemas,
  projectMembers,
  projects,
} from "@/lib/db/schema";
import { hashApiKey } from "../access";
import { ValidationError } from "../errors";
import { issuesToErrors, nulCharacterErrors } from "../validation";
import { translator } from "../i18n";
import { assertInputDepth, InputTooDeepError } from "@/lib/core/http/input-safety";
import { OBJECT_MEMBER_SLUGS } from "@/lib/contract/reserved-slugs";
import { generateContacts } from "./generate-contacts";

const id = z.number().int().positive();
const timestamp = z.string().refine((value) => !Number.isNaN(Date.parse(value)), "must be an ISO 8601 timestamp");
const messengerIdText = z.union([z.string().min(1), z.number().int()]).transform(String);
const MESSENGERS = ["telegram", "max", "viber", "vk", "web"] as const;

const AccountSchema = z.object({
  id,
  email: z.string().max(255),
  name: z.string().max(255).default(""),
  plan: z.enum(["pro", "free"]).default("pro"),
  api_key: z.string().min(1).nullish(),
  blocked: z.boolean().default(false),
});

const ProjectSchema = z.object({
  uuid: z.uuid(),
  account_id: id,
  name: z.string().max(255).default(""),
  members: z.array(id).default([]),
});

const BotSchema = z.object({
  id,
  project_uuid: z.uuid(),
  name: z.string().max(255).default(""),
  deleted: z.boolean().default(false),
  subscriber_count: z.number().int().nonnegative().optional(),
});

const VariableSchema = z.object({
  id: id.optional(),
  name: z.string().min(1).max(255),
  value: z
    .union([z.string(), z.number(), z.boolean()])
    .nullable()
    .transform((v) => (v === null ? null : String(v))),
  type: z.number().int().min(0).max(4).default(0),
  schema_id: z.string().nullish(),
  deletable: z.boolean().default(true),
  payload: z.unknown().optional(),
});

const ContactSchema = z
  .object({
    id,
    bot_id: id,
    messenger: z.enum(MESSENGERS),
    name: z.string().max(255).default(""),
    telegram_id: messengerIdText.optional(),
    telegram_username: z.string().max(255).nullish(),
    max_user_id: messengerIdText.optional(),
    max_id: messengerIdText.optional(),
    max_username: z.string().max(255).nullish(),
    vk_user_id: messengerIdText.nullish(),
    vk_id: messengerIdText.optional(),
    viber_id: messengerIdText.optional(),
    web_id: messengerIdText.optional(),
    phone: z.string().max(32).nullish(),
    email: z.string().max(255).nullish(),
    address: z.string().max(255).nullish(),
    avatar: z.string().nullish(),
    created_at: timestamp.optional(),
    unsubscribed_at: timestamp.nullish(),
    preview: z.boolean().default(false),
    deleted: z.boolean().default(false),
    tags: z.array(z.string().max(255)).default([]),
    variables: z.array(VariableSchema).default([]),
  })
  .superRefine((contact, ctx) => {
    const key = { telegram: "telegram_id", max: "max_user_id", vk: "vk_user_id", viber: "viber_id", web: null }[contact.messenger];
    if (key && messengerIdOf(contact) === null) ctx.addIssue({ code: "custom", path: [key], message: `${key} is required for ${contact.messenger}` });
  });

type FixtureContact = z.output<typeof ContactSchema>;

function messengerIdOf(contact: FixtureContact): string | null {
  switch (contact.messenger) {
    case "telegram":
      return contact.telegram_id ?? null;
    case "max":
      return contact.max_user_id ?? contact.max_id ?? null;
    case "vk":
      return contact.vk_user_id ?? contact.vk_id ?? null;
    case "viber":
      return contact.viber_id ?? null;
    case "web":
      return contact.web_id ?? String(contact.id);
  }
}

const ContactAccountSchema = z.object({
  id,
  contact_id: id,
  currency: z.string().regex(/^[A-Z]{3}$/),
  amount: z
    .union([z.number().int().nonnegative(), z.string().regex(/^\d+$/)])
    .default(0)
    .transform((v) => BigInt(v)),
  blocked_at: timestamp.nullish(),
  created_at: timestamp.optional(),
});

const ListFieldSchema = z.object({
  name: z.string().max(255),
  type: z.enum(FIELD_TYPES),
  currency: z
    .string()
    .regex(/^[A-Z]{3}$/)
    .optional(),
  is_required: z.boolean().default(true),
  is_hidden: z.boolean().default(false),
  is_encryptable: z.boolean().default(false),
});

const OBJECT_MEMBER_NAMES = new Set<string>(OBJECT_MEMBER_SLUGS);

const ListSchemaSchema = z.object({
  id: z.uuid(),
  project_uuid: z.uuid(),
  bot_id: id.nullish(),
  name: z.string().max(255),
  is_menu: z.boolean().default(false),
  created_at: timestamp.optional(),
  fields: z
    .unknown()
    .superRefine((value, ctx) => {
      // A parsed record drops `__proto__` without a word: refuse it, and the other names objects reserve, by name.
      if (typeof value !== "object" || value === null) return;
      for (const key of Object.keys(value)) {
        if (OBJECT_MEMBER_NAMES.has(key)) ctx.addIssue({ code: "custom", path: [key], message: "reserved", params: { i18n: "validation.invalid" } });
      }
    })
    .pipe(z.record(z.string().regex(/^[A-Za-z0-9_-]{1,255}$/), ListFieldSchema).default({})),
});

const DeprecationSchema = z.object({
  method: z.string().min(1).max(64),
  sunset: timestamp,
  replacement: z.string().max(64).nullish(),
});

const GenerateContactsSchema = z.object({
  bot_id: id,
  count: z.number().int().min(1).max(5_000_000),
  messenger: z.enum(MESSENGERS).default("telegram"),
  created_from: timestamp,
  created_to: timestamp,
  preview_every: z.number().int().min(0).default(0),
});

const FixtureDocumentSchema = z.object({
  reset: z.boolean().default(false),
  accounts: z.array(AccountSchema).default([]),
  projects: z.array(ProjectSchema).default([]),
  bots: z.array(BotSchema).default([]),
  contacts: z.array(ContactSchema).default([]),
  contact_accounts: z.array(ContactAccountSchema).default([]),
  list_schemas: z.array(ListSchemaSchema).default([]),
  deprecations: z.array(DeprecationSchema).default([]),
  generate_contacts: z.array(GenerateContactsSchema).default([]),
});

export type FixtureDocument = z.input<typeof FixtureDocumentSchema>;

export interface AppliedCounts {
  accounts: number;
  projects: number;
  bots: number;
  contacts: number;
  contact_accounts: number;
  list_schemas: number;
  deprecations: number;
  generated_contacts: number;
}

const CHUNK = 1000;

function chunks<T>(rows: T[]): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < rows.length; i += CHUNK) out.push(rows.slice(i, i + CHUNK));
  return out;
}

const excluded = (column: string): SQL => sql.raw(`excluded.${column}`);

/** Every table of the platform, for `reset` (dashboard users are not platform data). */
const PLATFORM_TABLES = [
  "account_journal",
  "contact_accounts",
  "contact_messages",
  "contact_variables",
  "list_items",
  "list_fields",
  "list_schemas",
  "contacts",
  "bots",
  "project_members",
  "projects",
  "key_holders",
  "deprecations",
  "rate_limit_counters",
];

/**
 * Applies an operator fixture document in one transaction: every entity is
 * upserted by its id; on any error nothing changes. Invalid documents throw a
 * ValidationError with dotted paths.
 */
export async function applyFixtures(db: Db, input: unknown): Promise<AppliedCounts> {
  const t = translator("en");
  try {
    assertInputDepth(input);
  } catch (error) {
    if (!(error instanceof InputTooDeepError)) throw error;
    throw new ValidationError({ document: [error.message] }, "The fixture document is invalid.");
  }
  // Text with U+0000 is refused before the database sees it (PostgreSQL cannot store it in text or jsonb).
  const errors = nulCharacterErrors(input, t);
  const parsed = FixtureDocumentSchema.safeParse(input, { reportInput: true });
  if (!parsed.success) {
    for (const [key, messages] of Object.entries(issuesToErrors(parsed.error.issues, t))) (errors[key] ??= []).push(...messages);
  }
  if (!parsed.success || Object.keys(errors).length > 0) throw new ValidationError(errors, "The fixture document is invalid.");
  const doc = parsed.data;
  const at = { path: "document" };
  try {
    return await applyDocument(db, doc, at);
  } catch (error) {
    // A constraint of the database (a bot of a missing project, a duplicate messenger id, …) is the document's fault.
    const pg = databaseErrorOf(error);
    if (pg && /^(22|23)/.test(pg.code)) {
      const text = pg.detail || pg.message;
      throw new ValidationError({ [at.path]: [text] }, `The fixture document cannot be applied: ${text}`);
    }
    throw error;
  }
}

function databaseErrorOf(error: unknown): { code: string; message: string; detail?: string } | null {
  for (let current: unknown = error; current && typeof current === "object"; current = (current as { cause?: unknown }).cause) {
    const candidate = current as { code?: unknown; message?: unknown; detail?: unknown };
    if (typeof candidate.code === "string" && /^[0-9A-Z]{5}$/.test(candidate.code)) {
      return { code: candidate.code, message: String(candidate.message), detail: typeof candidate.detail === "string" ? candidate.detail : undefined };
    }
  }
  return null;
}

async function applyDocument(db: Db, doc: Doc, at: { path: string }): Promise<AppliedCounts> {
  return db.transaction(async (tx) => {
    if (doc.reset) {
      await tx.execute(sql.raw(`TRUNCATE ${PLATFORM_TABLES.map((t) => `platform.${t}`).join(", ")} RESTART IDENTITY CASCADE`));
      await tx.execute(sql`ALTER SEQUENCE platform.contact_id_seq RESTART`);
      await tx.execute(sql`ALTER SEQUENCE platform.contact_account_id_seq RESTART`);
    }
    at.path = "accounts";
    await upsertAccounts(tx, doc.accounts, at);
    at.path = "projects";
    await upsertProjects(tx, doc.projects, at);
    at.path = "bots";
    await upsertBots(tx, doc.bots, at);
    at.path = "contacts";
    await upsertContacts(tx, doc.contacts);
    at.path = "contact_accounts";
    await upsertContactAccounts(tx, doc.contact_accounts, at);
    at.path = "list_schemas";
    await upsertListSchemas(tx, doc.list_schemas, at);
    at.path = "deprecations";
    for (const deprecation of doc.deprecations) {
      const values = { method: deprecation.method, sunset: new Date(deprecation.sunset), replacement: deprecation.replacement ?? null };
      await tx.insert(deprecations).values(values).onConflictDoUpdate({ target: deprecations.method, set: values });
    }
    let generated = 0;
    for (const [index, spec] of doc.generate_contacts.entries()) {
      at.path = `generate_contacts.${index}`;
      generated += await generateContacts(tx as unknown as Db, {
        botId: spec.bot_id,
        count: spec.count,
        messenger: spec.messenger,
        createdFrom: new Date(spec.created_from),
        createdTo: new Date(spec.created_to),
        previewEvery: spec.preview_every,
      });
    }
    await recountSubscribers(tx as unknown as Db, doc);
    await syncSequences(tx as unknown as Db);
    return {
      accounts: doc.accounts.length,
      projects: doc.projects.length,
      bots: doc.bots.length,
      contacts: doc.contacts.length,
      contact_accounts: doc.contact_accounts.length,
      list_schemas: doc.list_schemas.length,
      deprecations: doc.deprecations.length,
      generated_contacts: generated,
    };
  });
}

type Doc = z.output<typeof FixtureDocumentSchema>;

async function upsertAccounts(tx: Tx, accounts: Doc["accounts"], at: { path: string }): Promise<void> {
  for (const [index, account] of accounts.entries()) {
    at.path = `accounts.${index}`;
    const values = {
      id: account.id,
      email: account.email,
      name: account.name,
      plan: account.plan,
      blocked: account.blocked,
      updatedAt: new Date(),
      // Only the SHA-256 of a key is stored; omitting api_key keeps the current one.
      ...(account.api_key !== undefined ? { apiKeyHash: account.api_key === null ? null : hashApiKey(account.api_key) } : {}),
    };
    await tx.insert(keyHolders).values(values).onConflictDoUpdate({ target: keyHolders.id, set: values });
  }
}

async function upsertProjects(tx: Tx, list: Doc["projects"], at: { path: string }): Promise<void> {
  for (const [index, project] of list.entries()) {
    at.path = `projects.${index}`;
    const values = { uuid: project.uuid, ownerId: project.account_id, name: project.name };
    await tx.insert(projects).values(values).onConflictDoUpdate({ target: projects.uuid, set: values });
    await tx.delete(projectMembers).where(sql`${projectMembers.projectUuid} = ${project.uuid}`);
    if (project.members.length) {
      await tx.insert(projectMembers).values(project.members.map((keyHolderId) => ({ projectUuid: project.uuid, keyHolderId })));
    }
  }
}

async function upsertBots(tx: Tx, list: Doc["bots"], at: { path: string }): Promise<void> {
  for (const [index, bot] of list.entries()) {
    at.path = `bots.${index}`;
    const values = {
      id: bot.id,
      projectUuid: bot.project_uuid,
      name: bot.name,
      deleted: bot.deleted,
      ...(bot.subscriber_count !== undefined ? { subscriberCount: bot.subscriber_count } : {}),
    };
    await tx.insert(bots).values(values).onConflictDoUpdate({ target: bots.id, set: values });
  }
}

async function upsertContacts(tx: Tx, list: Doc["contacts"]): Promise<void> {
  for (const batch of chunks(list)) {
    const rows = batch.map((c) => ({
      id: c.id,
      botId: c.bot_id,
      messenger: c.messenger,
      messengerId: messengerIdOf(c) as string,
      telegramUsername: c.messenger === "telegram" ? (c.telegram_username ?? null) : null,
      maxUsername: c.messenger === "max" ? (c.max_username ?? null) : null,
      name: c.name,
      phone: c.phone ?? null,
      email: c.email ?? null,
      address: c.address ?? null,
      avatar: c.avatar ?? null,
      tags: c.tags,
      preview: c.preview,
      deleted: c.deleted,
      createdAt: c.created_at ? new Date(c.created_at) : new Date(),
      updatedAt: new Date(),
      unsubscribedAt: c.unsubscribed_at ? new Date(c.unsubscribed_at) : null,
    }));
    await tx
      .insert(contacts)
      .values(rows)
      .onConflictDoUpdate({
        target: contacts.id,
        set: {
          botId: excluded("bot_id"),
          messenger: excluded("messenger"),
          messengerId: excluded("messenger_id"),
          telegramUsername: excluded("telegram_username"),
          maxUsername: excluded("max_username"),
          name: excluded("name"),
          phone: excluded("phone"),
          email: excluded("email"),
          address: excluded("address"),
          avatar: excluded("avatar"),
          tags: excluded("tags"),
          preview: excluded("preview"),
          deleted: excluded("deleted"),
          createdAt: excluded("created_at"),
          updatedAt: excluded("updated_at"),
          unsubscribedAt: excluded("unsubscribed_at"),
        },
      });
    const ids = batch.map((c) => c.id);
    await tx.execute(sql`DELETE FROM platform.contact_variables WHERE contact_id = ANY(${sql.param(ids)}::bigint[])`);
    const variables = batch.flatMap((c) =>
      c.variables.map((v) => ({
        ...(v.id !== undefined ? { id: v.id } : {}),
        contactId: c.id,
        name: v.name,
        value: v.value,
        type: v.type,
        schemaId: v.schema_id ?? null,
        deletable: v.deletable,
        payload: v.payload ?? null,
      })),
    );
    for (const part of chunks(variables)) await tx.insert(contactVariables).values(part);
  }
  // Variables with explicit ids must not collide with later generated ones.
  await tx.execute(
    sql`SELECT setval(pg_get_serial_sequence('platform.contact_variables', 'id'), GREATEST((SELECT COALESCE(max(id), 0) FROM platform.contact_variables), 1))`,
  );
}

/**
 * Accounts are upserted by id. A balance set by a fixture is recorded in the
 * journal as an operator adjustment, so that balance = sum of journal always holds.
 */
async function upsertContactAccounts(tx: Tx, list: Doc["contact_accounts"], at: { path: string }): Promise<void> {
  for (const [index, account] of list.entries()) {
    at.path = `contact_accounts.${index}`;
    const values = {
      id: account.id,
      contactId: account.contact_id,
      currency: account.currency,
      blockedAt: account.blocked_at ? new Date(account.blocked_at) : null,
      createdAt: account.created_at ? new Date(account.created_at) : new Date(),
      updatedAt: new Date(),
    };
    const [before] = await tx
      .select({ amount: contactAccounts.amount })
      .from(contactAccounts)
      .where(sql`${contactAccounts.id} = ${account.id}`)
      .for("update");
    await tx
      .insert(contactAccounts)
      .values({ ...values, amount: account.amount })
      .onConflictDoUpdate({ target: contactAccounts.id, set: { ...values, amount: account.amount } });
    const delta = account.amount - (before?.amount ?? BigInt(0));
    if (delta !== BigInt(0)) {
      await tx.execute(sql`
        INSERT INTO platform.account_journal (account_id, kind, title, amount, description, balance_after)
        VALUES (${account.id}, ${delta > 0 ? "deposit" : "debit"}, 'Operator adjustment',
                ${(delta > 0 ? delta : -delta).toString()}::bigint, 'Balance set by an operator fixture', ${account.amount.toString()}::bigint)
      `);
    }
  }
}

async function upsertListSchemas(tx: Tx, list: Doc["list_schemas"], at: { path: string }): Promise<void> {
  for (const [index, schema] of list.entries()) {
    at.path = `list_schemas.${index}`;
    const values = {
      id: schema.id,
      projectUuid: schema.project_uuid,
      botId: schema.bot_id ?? null,
      name: schema.name,
      isMenu: schema.is_menu,
      updatedAt: new Date(),
      ...(schema.created_at ? { createdAt: new Date(schema.created_at) } : {}),
    };
    await tx.insert(listSchemas).values(values).onConflictDoUpdate({ target: listSchemas.id, set: values });
    await tx.delete(listFields).where(sql`${listFields.schemaId} = ${schema.id}`);
    const fields = Object.entries(schema.fields).map(([slug, field], position) => ({
      schemaId: schema.id,
      slug,
      position,
      name: field.name,
      type: field.type,
      currency: field.type === "money" ? (field.currency ?? "USD") : null,
      isRequired: field.is_required,
      isHidden: field.is_hidden,
      isEncryptable: field.is_encryptable,
    }));
    if (fields.length) await tx.insert(listFields).values(fields);
  }
}

/** Bots named by the document get subscriber_count = their visible contacts, unless the document sets it. */
async function recountSubscribers(db: Db, doc: Doc): Promise<void> {
  const explicit = new Set(doc.bots.filter((b) => b.subscriber_count !== undefined).map((b) => b.id));
  const touched = new Set<number>([...doc.bots.map((b) => b.id), ...doc.contacts.map((c) => c.bot_id), ...doc.generate_contacts.map((g) => g.bot_id)]);
  const ids = [...touched].filter((botId) => !explicit.has(botId));
  if (!ids.length) return;
  await db.execute(sql`
    UPDATE platform.bots b SET subscriber_count = (
      SELECT count(*) FROM platform.contacts c WHERE c.bot_id = b.id AND NOT c.preview AND NOT c.deleted
    ) WHERE b.id = ANY(${sql.param(ids)}::bigint[])
  `);
}

/** Ids created by the API continue after the largest id a fixture used. */
async function syncSequences(db: Db): Promise<void> {
  for (const [sequence, table] of [
    ["platform.contact_id_seq", "platform.contacts"],
    ["platform.contact_account_id_seq", "platform.contact_accounts"],
  ]) {
    await db.execute(
      sql.raw(`SELECT setval('${sequence}', GREATEST((SELECT COALESCE(max(id), 0) FROM ${table}) + 1,
        (SELECT last_value + CASE WHEN is_called THEN 1 ELSE 0 END FROM ${sequence})), false)`),
    );
  }
}
