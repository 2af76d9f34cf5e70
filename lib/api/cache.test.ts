import { describe, expect, test } from "vitest";
import { sql } from "drizzle-orm";
import { queryRows } from "@/lib/db/client";
import { seedTenant } from "@/lib/platform/testing/tenants";
import { CacheEntry, cached, invalidate, remember } from "./cache";
import { PlatformClient } from "./client";
import { PlatformApiError } from "./errors";
import { createListSchema, getListSchema, getListSchemas } from "./lists";
import { getMe } from "./me";
import { usePlatformTestbed } from "./testing/platform";

const testbed = usePlatformTestbed();

const clientFor = (key: string) => new PlatformClient({ db: testbed.database.db, baseUrl: testbed.platform.baseUrl, apiKey: key });
const MINUTE = 60_000;
const callsSince = (before: number, method: string) => testbed.platform.calls.slice(before).filter((name) => name === method).length;

describe("the platform cache", () => {
  test("a list round-trips exactly as the client's schema produced it: fields in the platform's order, all-digit slugs included", async () => {
    const tenant = await seedTenant(testbed.database.db);
    const api = clientFor(tenant.key);
    const slugs = ["title", "2024", "fields", "10", "amount", "1"];
    const created = await createListSchema(api, {
      name: "Years",
      project_uuid: tenant.projectUuid,
      fields: slugs.map((slug) => ({
        name: `Field ${slug}`,
        slug,
        type: slug === "amount" ? "money" : "string",
        currency: slug === "amount" ? "USD" : undefined,
      })),
    });
    const fresh = await getListSchema(api, { schema_id: created.id });
    const loaded = await cached(api, CacheEntry.listSchema(created.id), MINUTE, () => getListSchema(api, { schema_id: created.id }));
    const before = testbed.platform.calls.length;
    const again = await cached(api, CacheEntry.listSchema(created.id), MINUTE, () => getListSchema(api, { schema_id: created.id }));
    expect(testbed.platform.calls.length).toBe(before);
    for (const entry of [loaded, again]) {
      expect(entry.value).toStrictEqual(fresh);
      expect(entry.value.fields.map(([slug]) => slug)).toEqual(slugs);
    }
    const page = await cached(api, CacheEntry.listSchemas, MINUTE, () => getListSchemas(api, { page: 1 }));
    expect(page.value).toStrictEqual(await getListSchemas(api, { page: 1 }));
  });

  test("one entry per key, shared by every client (instance) of that key; another key has its own", async () => {
    const [a, b] = await Promise.all([seedTenant(testbed.database.db), seedTenant(testbed.database.db)]);
    const before = testbed.platform.calls.length;
    const first = await cached(clientFor(a.key), CacheEntry.me, MINUTE, () => getMe(clientFor(a.key)));
    const second = await cached(clientFor(a.key), CacheEntry.me, MINUTE, () => getMe(clientFor(a.key)));
    const other = await cached(clientFor(b.key), CacheEntry.me, MINUTE, () => getMe(clientFor(b.key)));
    expect(callsSince(before, "getMe")).toBe(2);
    expect(second).toStrictEqual(first);
    expect(first.value.id).toBe(a.holderId);
    expect(other.value.id).toBe(b.holderId);
    const rows = await queryRows<{ key_hash: string }>(testbed.database.db, sql`SELECT key_hash FROM dashboard.platform_cache WHERE name = 'me'`);
    // Keys are never stored, only their SHA-256.
    expect(rows.every((row) => /^[0-9a-f]{64}$/.test(row.key_hash))).toBe(true);
  });

  test("people opening a page at once cause one platform call", async () => {
    const tenant = await seedTenant(testbed.database.db);
    const before = testbed.platform.calls.length;
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => cached(clientFor(tenant.key), CacheEntry.me, MINUTE, () => getMe(clientFor(tenant.key)))),
    );
    expect(callsSince(before, "getMe")).toBe(1);
    expect(new Set(answers.map((answer) => answer.value.id)).size).toBe(1);
  });

  test("an entry older than its time to live is fetched again", async () => {
    const tenant = await seedTenant(testbed.database.db);
    const api = clientFor(tenant.key);
    const first = await cached(api, CacheEntry.me, MINUTE, () => getMe(api));
    await testbed.database.db.execute(sql`UPDATE dashboard.platform_cache SET fetched_at = fetched_at - interval '2 minutes' WHERE key_hash = ${api.keyHash}`);
    const before = testbed.platform.calls.length;
    const second = await cached(api, CacheEntry.me, MINUTE, () => getMe(api));
    expect(callsSince(before, "getMe")).toBe(1);
    expect(second.fetchedAt.getTime()).toBeGreaterThan(first.fetchedAt.getTime() - 2 * MINUTE);
  });

  test("a write drops the entry: the next read fetches, and a read that began before the drop does not put its older answer back", async () => {
    const tenant = await seedTenant(testbed.database.db);
    const api = clientFor(tenant.key);
    let answer = "old";
    await cached(api, "list-schemas", MINUTE, async () => answer);
    await invalidate(api, ["list-schemas"]);
    answer = "new";
    expect((await cached(api, "list-schemas", MINUTE, async () => answer)).value).toBe("new");

    // A slow read starts, a write drops the entry meanwhile, then the read ends.
    await invalidate(api, ["list-schemas"]);
    let release!: () => void;
    const slow = cached(api, "list-schemas", MINUTE, () => new Promise<string>((resolve) => (release = () => resolve("before the write"))));
    await new Promise((resolve) => setTimeout(resolve, 50));
    await invalidate(api, ["list-schemas"]);
    release();
    expect((await slow).value).toBe("before the write");
    expect((await cached(api, "list-schemas", MINUTE, async () => "after the write")).value).toBe("after the write");
  });

  test("remember replaces an entry with what a write answered", async () => {
    const tenant = await seedTenant(testbed.database.db);
    const api = clientFor(tenant.key);
    await cached(api, "list-schema:x", MINUTE, async () => ({ name: "Before" }));
    await remember(api, "list-schema:x", { name: "After" });
    const before = testbed.platform.calls.length;
    expect((await cached(api, "list-schema:x", MINUTE, async () => ({ name: "Fetched" }))).value).toEqual({ name: "After" });
    expect(testbed.platform.calls.length).toBe(before);
  });

  test("a 401 from the platform drops every entry of the key", async () => {
    const api = clientFor(`key-unknown-${Date.now()}`);
    await remember(api, CacheEntry.me, { id: 1 });
    await remember(api, CacheEntry.listSchemas, []);
    await testbed.database.db.execute(
      sql`UPDATE dashboard.platform_cache SET fetched_at = fetched_at - interval '10 minutes' WHERE key_hash = ${api.keyHash} AND name = 'me'`,
    );
    const error = await cached(api, CacheEntry.me, MINUTE, () => getMe(api)).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(PlatformApiError);
    expect((error as PlatformApiError).status).toBe(401);
    const rows = await queryRows<{ name: string }>(
      testbed.database.db,
      sql`SELECT name FROM dashboard.platform_cache WHERE key_hash = ${api.keyHash} AND value IS NOT NULL`,
    );
    expect(rows).toEqual([]);
  });

  test("money (a bigint) cannot be cached: it throws instead of coming back rounded", async () => {
    const tenant = await seedTenant(testbed.database.db);
    await expect(remember(clientFor(tenant.key), "list-schema:money", { amount: 10n ** 20n })).rejects.toThrow(TypeError);
  });
});
