import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { sql } from "drizzle-orm";
import { testDriver } from "@/lib/db/testing/database";
import { applyFixtures } from "@/lib/platform/operator/fixtures";
import { seedTenant, uniqueId, type Tenant } from "@/lib/platform/testing/tenants";
import { startFaultPlatform } from "@/lib/testing/fault-platform.mjs";
import { PlatformClient } from "@/lib/api/client";
import { breakerFor } from "@/lib/api/breaker";
import { keyHashOf } from "@/lib/api/budget";
import { isPlatformOutage } from "@/lib/api/errors";
import { usePlatformTestbed } from "@/lib/api/testing/platform";
import { translator } from "@/lib/i18n/translate";
import { loadAllLists, loadList, loadTargetDirectory } from "@/lib/features/lists/load-lists";
import { loadBotOptions } from "@/lib/features/contacts/load-contacts";
import { countContactsPerDay, loadMoneyOverview } from "@/lib/features/overview/load-overview";

/**
 * The page loaders while the platform hangs (lib/testing/fault-platform.mjs in front of our platform): what the
 * dashboard keeps in its platform cache (the account's projects and bots, list schemas, the overview's counts) comes
 * back as it was loaded, marked stale, past its time to live; what it does not keep fails with a typed outage error.
 * With the breaker open, none of it reaches the platform.
 */
const testbed = usePlatformTestbed();
type FaultPlatform = Awaited<ReturnType<typeof startFaultPlatform>>;
let fault: FaultPlatform;
let tenant: Tenant;
let listId: string;
const t = translator("en");
const NOW = new Date("2026-11-25T12:00:00Z");
const SHORT = { connectMs: 500, firstByteMs: 700, answerMs: 900 };
const ANSWERED = { connectMs: 10_000, firstByteMs: 10_000, answerMs: 10_000 };

beforeAll(async () => {
  fault = await startFaultPlatform({ upstream: testbed.platform.baseUrl });
  listId = randomUUID();
  tenant = await seedTenant(testbed.database.db);
  await applyFixtures(testbed.database.db, {
    contacts: [
      { id: uniqueId(), bot_id: tenant.botId, messenger: "telegram", name: "Ann", telegram_id: String(uniqueId()), created_at: "2026-11-24T10:00:00Z" },
    ],
    list_schemas: [{ id: listId, project_uuid: tenant.projectUuid, bot_id: null, name: "Deliveries", fields: { title: { name: "Title", type: "string" } } }],
  });
});
afterAll(async () => {
  await fault?.close();
});

/** A page view's client: its own scope, through the fault platform. */
const view = (timeouts = SHORT) =>
  new PlatformClient({ db: testbed.database.db, baseUrl: fault.baseUrl, apiKey: tenant.key, timeouts, scope: { noAnswerSince: null } });

async function everyLoader(api: PlatformClient) {
  return {
    lists: await loadAllLists(api),
    list: await loadList(api, listId),
    directory: await loadTargetDirectory(api),
    bots: await loadBotOptions(api, t),
    counts: await countContactsPerDay(api, { botId: null, timeZone: "UTC", now: NOW }),
  };
}

async function rejection(promise: Promise<unknown>): Promise<unknown> {
  return promise.then(
    () => null,
    (error: unknown) => error,
  );
}

describe(`page loaders while the platform does not answer (${testDriver()})`, () => {
  test("what the dashboard keeps comes back as loaded, marked stale; what it does not keep is a typed outage error; the breaker open, nothing is sent", async () => {
    // Two views without an answer open it: the first call of each times out, the page's other calls are not sent.
    breakerFor(fault.baseUrl, keyHashOf(tenant.key), { failures: 2, timeouts: 2, coolDownMs: 60_000 });
    fault.set("none");
    const fresh = await everyLoader(view(ANSWERED));
    expect(fresh.lists.value.map((list) => list.name)).toContain("Deliveries");
    expect(fresh.counts.total).toBe(1);
    // Every entry is past its time to live: a view would ask the platform again.
    await testbed.database.db.execute(
      sql`UPDATE dashboard.platform_cache SET fetched_at = fetched_at - interval '2 days' WHERE key_hash = ${keyHashOf(tenant.key)}`,
    );

    fault.set("hang");
    const stale = await everyLoader(view());
    for (const entry of [stale.lists, stale.list, stale.directory]) expect(entry.stale).toBe(true);
    expect(stale.lists.value).toEqual(fresh.lists.value);
    expect(stale.list.value).toEqual(fresh.list.value);
    expect(stale.directory.value).toEqual(fresh.directory.value);
    expect(stale.bots.bots).toEqual(fresh.bots.bots);
    expect(stale.counts).toEqual(fresh.counts);
    const money = await rejection(loadMoneyOverview(view(), { timeZone: "UTC", now: NOW }));
    expect(isPlatformOutage(money)).toBe(true);

    // By now the breaker is open: the same views answer from what is kept, and nothing reaches the platform.
    expect(breakerFor(fault.baseUrl, keyHashOf(tenant.key)).state).toBe("open");
    const sent = fault.requests();
    const open = await everyLoader(view());
    expect(open.lists.value).toEqual(fresh.lists.value);
    expect(open.counts).toEqual(fresh.counts);
    expect(await rejection(loadMoneyOverview(view(), { timeZone: "UTC", now: NOW }))).toMatchObject({ code: "platform_unavailable" });
    expect(fault.requests()).toBe(sent);
  });
});
