import "server-only";
import { sql } from "drizzle-orm";
import { queryRows, type Db } from "@/lib/db/client";
import type { PlatformClient } from "./client";
import { isPlatformApiError, isPlatformOutage } from "./errors";

/**
 * What rarely changes on the platform (the key's account with its projects and
 * bots, list schemas), read once and shared by every user and every dashboard
 * instance: table dashboard.platform_cache, one row per API key hash and entry
 * name, the value as the client's zod schemas produced it (JSON: a list's
 * `fields` are [slug, field] pairs, an array, so their order survives jsonb),
 * and when it was fetched.
 *
 * - An entry older than its time to live is fetched again on the next read.
 * - The dashboard's own writes drop (`invalidate`) or replace (`remember`) the
 *   entries they change, so a change made here shows in the very next view, on
 *   every instance.
 * - A 401 or 402 from the platform drops every entry of the key (getMe first of all).
 * - Pages show when what they show was fetched, with a control that drops the
 *   entries and reads again (components/shell/cache-stamp.tsx).
 * - While the platform is not answering (isPlatformOutage), an entry past its
 *   time to live is still returned, marked `stale`, rather than an error.
 */
export interface Cached<T> {
  value: T;
  fetchedAt: Date;
  /** The platform is not answering: this is what was loaded at fetchedAt, older than its time to live. */
  stale?: true;
}

/** Entry names: one place, so that loaders and writes agree. */
export const CacheEntry = {
  /** getMe: the account, its projects and bots. */
  me: "me",
  /** Every list of the account: all pages of getListSchemas. */
  listSchemas: "list-schemas",
  /** One list: getListSchema. */
  listSchema: (schemaId: string) => `list-schema:${schemaId}`,
  /** Whether getContacts filters by the `search` extension (a probe, lib/api/contacts.ts). */
  contactSearch: "contact-search",
  /** Whether getContacts orders by the `sort` extension (a probe, lib/api/contacts.ts). */
  contactSort: "contact-sort",
  /** Whether getContacts filters by the `contact_ids` extension (a probe, lib/api/contacts.ts). */
  contactIds: "contact-ids",
  /** getNumberOfContacts of one bot (or all) created in an inclusive range of Unix seconds: the overview without statistics. */
  contactCount: (bot: number | "all", from: number, to: number) => `contact-count:${bot}:${from}-${to}`,
} as const;

/** Names a page may ask to refresh (the refresh control sends them back). */
export const CACHE_ENTRY_NAME = /^(me|contact-search|contact-sort|contact-ids|list-schemas|list-schema:[A-Za-z0-9_-]{1,64})$/;

/** How long an entry is used before it is fetched again: the staleness a change made elsewhere can have. */
export const CacheTtlMs = {
  me: 5 * 60_000,
  listSchemas: 60_000,
  listSchema: 60_000,
  contactSearch: 5 * 60_000,
  contactSort: 5 * 60_000,
  contactIds: 5 * 60_000,
  /** A day that has not ended yet (today), and the total: new contacts show within a minute. */
  contactCountOpen: 60_000,
  /** A day that has ended keeps its count (only a deleted contact changes it). */
  contactCountClosed: 24 * 60 * 60_000,
} as const;

type Row = { now: Date | string; now_text: string; value: unknown; fetched_at: Date | string | null };

/** Loads in flight in this process, so that people opening the same page at once cause one platform call. */
const inFlight = new Map<string, Promise<Cached<unknown>>>();

/**
 * The stored entry (null: none, or dropped) and the database's time, the one
 * clock every instance shares: as a Date for ages, and as the database's own
 * text (microseconds; a Date keeps milliseconds) to stamp what this read loads,
 * so that it never counts as older than a drop made in the same millisecond.
 */
async function read<T>(db: Db, keyHash: string, name: string): Promise<{ now: Date; nowText: string; entry: Cached<T> | null }> {
  const [row] = await queryRows<Row>(
    db,
    sql`SELECT now() AS now, now()::text AS now_text, entry.value, entry.fetched_at
        FROM (SELECT 1) AS one
        LEFT JOIN dashboard.platform_cache AS entry ON entry.key_hash = ${keyHash} AND entry.name = ${name}`,
  );
  const entry =
    row.value === null || row.value === undefined || row.fetched_at === null ? null : { value: row.value as T, fetchedAt: new Date(row.fetched_at) };
  return { now: new Date(row.now), nowText: row.now_text, entry };
}

/**
 * Writes an entry fetched at `fetchedAt`, unless the row holds something newer (a
 * value fetched later, or a drop by a write that came after this read began).
 * The value goes through JSON: a bigint (money) cannot be cached and throws
 * here rather than come back as a rounded number.
 */
async function write<T>(db: Db, keyHash: string, name: string, value: T, fetchedAt: string | null): Promise<Cached<T>> {
  const text = JSON.stringify(value);
  const [row] = await queryRows<{ fetched_at: Date | string }>(
    db,
    sql`INSERT INTO dashboard.platform_cache (key_hash, name, value, fetched_at)
        VALUES (${keyHash}, ${name}, ${text}::jsonb, coalesce(${fetchedAt}::timestamptz, now()))
        ON CONFLICT (key_hash, name) DO UPDATE SET value = EXCLUDED.value, fetched_at = EXCLUDED.fetched_at
        WHERE dashboard.platform_cache.fetched_at <= EXCLUDED.fetched_at
        RETURNING fetched_at`,
  );
  // Every reader gets the stored JSON, this caller too.
  return { value: JSON.parse(text) as T, fetchedAt: row ? new Date(row.fetched_at) : new Date() };
}

/** After a 401 or 402 nothing read with the key can be trusted: the account or its plan changed. */
async function dropOnRefusal(api: PlatformClient, error: unknown): Promise<void> {
  if (isPlatformApiError(error) && (error.status === 401 || error.status === 402)) await invalidate(api, "all");
}

/**
 * The entry `name` of the client's key: stored and younger than `ttlMs`, or
 * loaded now (and stored as fetched when the load began, so that it never
 * replaces what a write stored or dropped meanwhile).
 *
 * Calls for one entry at once in this process share one flight, the read of the
 * stored entry included: were the read outside it, a call whose read came back
 * after another call's load had ended (a busy pool) would find no entry and no
 * flight, and load again.
 */
export function cached<T>(api: PlatformClient, name: string, ttlMs: number, load: () => Promise<T>): Promise<Cached<T>> {
  const flightKey = `${api.keyHash} ${name}`;
  const running = inFlight.get(flightKey) as Promise<Cached<T>> | undefined;
  if (running) return running;
  const flight = (async () => {
    try {
      const { now, nowText, entry } = await read<T>(api.db, api.keyHash, name);
      if (entry && now.getTime() - entry.fetchedAt.getTime() < ttlMs) return entry;
      let value: T;
      try {
        value = await load();
      } catch (error) {
        await dropOnRefusal(api, error);
        // The platform is not answering: what was loaded before, marked as such, rather than nothing.
        if (entry && isPlatformOutage(error)) return { ...entry, stale: true as const };
        throw error;
      }
      return await write(api.db, api.keyHash, name, value, nowText);
    } finally {
      inFlight.delete(flightKey);
    }
  })();
  inFlight.set(flightKey, flight);
  return flight;
}

/** Replaces an entry with a value just read from the platform (after a write that answered with it). */
export function remember<T>(api: PlatformClient, name: string, value: T): Promise<Cached<T>> {
  return write(api.db, api.keyHash, name, value, null);
}

/**
 * Drops entries of the client's key ("all": every entry), so that the next read
 * fetches them. A drop is a row without a value, stamped now: a read that
 * began before it cannot store its older answer over it.
 */
export async function invalidate(api: PlatformClient, names: readonly string[] | "all"): Promise<void> {
  if (names === "all") {
    await api.db.execute(sql`UPDATE dashboard.platform_cache SET value = NULL, fetched_at = now() WHERE key_hash = ${api.keyHash}`);
    return;
  }
  const unique = [...new Set(names)];
  if (unique.length === 0) return;
  const rows = sql.join(
    unique.map((name) => sql`(${api.keyHash}, ${name}, NULL::jsonb, now())`),
    sql`, `,
  );
  await api.db.execute(sql`
    INSERT INTO dashboard.platform_cache (key_hash, name, value, fetched_at) VALUES ${rows}
    ON CONFLICT (key_hash, name) DO UPDATE SET value = NULL, fetched_at = EXCLUDED.fetched_at`);
}

/** For page loaders: a 401 or 402 from any call drops what was cached for the key. */
export async function noteFailure(api: PlatformClient, error: unknown): Promise<void> {
  await dropOnRefusal(api, error).catch(() => undefined);
}
