import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import { queryRows, type Db } from "@/lib/db/client";
import { applyFixtures } from "../operator/fixtures";
import { seedTenant, uniqueId, type Tenant } from "./tenants";

/** Test data for the contact methods: fixture contacts with unique ids. */
export type FixtureContact = Record<string, unknown> & { id: number; bot_id: number };

export function telegramContact(botId: number, extra: Record<string, unknown> = {}): FixtureContact {
  const id = uniqueId();
  return { id, bot_id: botId, messenger: "telegram", name: `Contact ${id}`, telegram_id: String(id), ...extra };
}

export async function addContacts(db: Db, contacts: FixtureContact[]): Promise<FixtureContact[]> {
  await applyFixtures(db, { contacts });
  return contacts;
}

/** A second project and bot of the tenant's holder. */
export async function addBot(db: Db, tenant: Tenant, extra: Record<string, unknown> = {}): Promise<number> {
  const botId = uniqueId();
  const projectUuid = randomUUID();
  await applyFixtures(db, {
    projects: [{ uuid: projectUuid, account_id: tenant.holderId, name: `Project ${botId}` }],
    bots: [{ id: botId, project_uuid: projectUuid, name: `Bot ${botId}`, ...extra }],
  });
  return botId;
}

/** A holder with a bot, plus `count` telegram contacts created one minute apart from `start`. */
export async function seedContacts(db: Db, count: number, start = Date.parse("2025-03-01T00:00:00Z")) {
  const tenant = await seedTenant(db);
  const contacts = Array.from({ length: count }, (_, i) => telegramContact(tenant.botId, { created_at: new Date(start + i * 60_000).toISOString() }));
  await addContacts(db, contacts);
  return { tenant, contacts };
}

/**
 * The truth an export must match: the holder's live contacts by plain SQL (owned
 * project, bot not deleted, contact neither preview nor deleted), ordered by id.
 */
export async function visibleIds(db: Db, holderId: number, filter: { botId?: number; from?: number; to?: number } = {}): Promise<number[]> {
  const rows = await queryRows<{ id: string }>(
    db,
    sql`SELECT c.id::text AS id FROM platform.contacts c
        JOIN platform.bots b ON b.id = c.bot_id JOIN platform.projects p ON p.uuid = b.project_uuid
        WHERE p.owner_id = ${holderId} AND NOT b.deleted AND NOT c.preview AND NOT c.deleted
          ${filter.botId === undefined ? sql`` : sql`AND c.bot_id = ${filter.botId}`}
          ${filter.from === undefined ? sql`` : sql`AND c.created_at >= to_timestamp(${filter.from})`}
          ${filter.to === undefined ? sql`` : sql`AND c.created_at < to_timestamp(${filter.to} + 1)`}
        ORDER BY c.id`,
  );
  return rows.map((row) => Number(row.id));
}

export type GramCount = { bot_id: string; gram: string; visible: string };

/**
 * The three-letter search's substring counters (lib/db/custom/contact_search_grams.sql), the ones not zero, and a
 * recount of them from the live contacts; both sorted by bot and gram, so an exact counter makes them equal.
 */
export async function searchGramCounts(db: Db): Promise<{ counted: GramCount[]; recounted: GramCount[] }> {
  const counted = await queryRows<GramCount>(
    db,
    sql`SELECT bot_id::text, gram, visible::text FROM platform.contact_search_gram_counts WHERE visible <> 0 ORDER BY bot_id, gram`,
  );
  const recounted = await queryRows<GramCount>(
    db,
    sql`SELECT c.bot_id::text AS bot_id, gram, count(*)::text AS visible
        FROM platform.contacts c, unnest(platform.contact_search_grams(c.name, c.email, c.telegram_username, c.max_username)) AS gram
        WHERE NOT c.preview AND NOT c.deleted GROUP BY c.bot_id, gram ORDER BY c.bot_id, gram`,
  );
  return { counted, recounted };
}
