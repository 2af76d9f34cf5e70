import { describe, expect, test } from "vitest";
import { sql } from "drizzle-orm";
import { queryRows } from "@/lib/db/client";
import { applyFixtures } from "@/lib/platform/operator/fixtures";
import { seedTenant, uniqueId } from "@/lib/platform/testing/tenants";
import { PlatformClient } from "@/lib/api/client";
import { PlatformApiError } from "@/lib/api/errors";
import { usePlatformTestbed } from "@/lib/api/testing/platform";
import { loadContactAccounts, noteContactOpened, readContactAccounts } from "./read-ledger";

const testbed = usePlatformTestbed();

/** A tenant with one named contact and two accounts; the client for its key; a viewer id. */
async function seed() {
  const tenant = await seedTenant(testbed.database.db);
  const contactId = uniqueId();
  await applyFixtures(testbed.database.db, {
    contacts: [{ id: contactId, bot_id: tenant.botId, messenger: "telegram", name: "Ann Read", telegram_id: String(contactId) }],
    contact_accounts: [
      { id: uniqueId(), contact_id: contactId, currency: "USD", amount: 1250 },
      { id: uniqueId(), contact_id: contactId, currency: "EUR", amount: 0 },
    ],
  });
  const api = new PlatformClient({ db: testbed.database.db, baseUrl: testbed.platform.baseUrl, apiKey: tenant.key });
  return { api, contactId, viewerId: uniqueId() };
}

const viewsOf = async (viewerId: number, contactId: number) =>
  (
    await queryRows<{ n: number }>(
      testbed.database.db,
      sql`SELECT count(*)::int AS n FROM dashboard.contact_views WHERE user_id = ${viewerId} AND contact_id = ${contactId}::bigint`,
    )
  )[0].n;
const nameOf = async (contactId: number) =>
  (await queryRows<{ name: string }>(testbed.database.db, sql`SELECT name FROM dashboard.contact_names WHERE contact_id = ${contactId}::bigint`))[0]?.name;
const callsSince = (from: number) => testbed.platform.calls.slice(from);

describe("the ledger panel's reads", () => {
  test("readContactAccounts is the platform's read alone: one call, nothing recorded", async () => {
    const { api, contactId, viewerId } = await seed();
    const from = testbed.platform.calls.length;
    const accounts = await readContactAccounts(api, contactId);
    expect(accounts.map((account) => account.currency)).toEqual(["USD", "EUR"]);
    expect(callsSince(from)).toEqual(["getContactAccounts"]);
    expect(await viewsOf(viewerId, contactId)).toBe(0);
    expect(await nameOf(contactId)).toBeUndefined();
  });

  test("noteContactOpened records the view and, when unknown, the name (one getContact); known, no call", async () => {
    const { api, contactId, viewerId } = await seed();
    let from = testbed.platform.calls.length;
    await noteContactOpened(testbed.database.db, api, viewerId, contactId);
    expect(callsSince(from)).toEqual(["getContact"]);
    expect(await viewsOf(viewerId, contactId)).toBe(1);
    expect(await nameOf(contactId)).toBe("Ann Read");
    from = testbed.platform.calls.length;
    await noteContactOpened(testbed.database.db, api, viewerId, contactId);
    expect(callsSince(from)).toEqual([]);
    expect(await viewsOf(viewerId, contactId)).toBe(1);
  });

  test("loadContactAccounts reads and records; a contact that does not exist records nothing", async () => {
    const { api, contactId, viewerId } = await seed();
    const accounts = await loadContactAccounts(testbed.database.db, api, viewerId, contactId);
    expect(accounts.map((account) => account.currency)).toEqual(["USD", "EUR"]);
    expect(await viewsOf(viewerId, contactId)).toBe(1);
    const missing = uniqueId();
    await expect(loadContactAccounts(testbed.database.db, api, viewerId, missing)).rejects.toBeInstanceOf(PlatformApiError);
    expect(await viewsOf(viewerId, missing)).toBe(0);
  });
});
