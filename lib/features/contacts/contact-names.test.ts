import { describe, expect, test } from "vitest";
import { applyFixtures } from "@/lib/platform/operator/fixtures";
import { seedTenant, uniqueId } from "@/lib/platform/testing/tenants";
import { PlatformClient } from "@/lib/api/client";
import { usePlatformTestbed } from "@/lib/api/testing/platform";
import { listAuditEntries, recordAuditEntry, type Actor } from "@/lib/features/ledger/audit";
import { ensureContactName, findContactNames, rememberContactNames } from "./contact-names";

const testbed = usePlatformTestbed();
const owner: Actor = { id: uniqueId(), email: "owner@example.com", name: "Owner", role: "owner" };

/** Statements the database ran while fn did its work (PGlite and pg both go through db.execute / the query builder). */
async function countingQueries<T>(fn: () => Promise<T>): Promise<{ result: T; queries: number }> {
  const db = testbed.database.db as unknown as { execute: (...args: unknown[]) => Promise<unknown> };
  const original = db.execute.bind(db);
  let queries = 0;
  db.execute = (...args: unknown[]) => {
    queries += 1;
    return original(...args);
  };
  try {
    return { result: await fn(), queries };
  } finally {
    db.execute = original;
  }
}

const entryFor = (contactId: number) => ({
  actor: owner,
  contactId,
  accountId: uniqueId(),
  currency: "USD",
  kind: "top_up" as const,
  amount: 100n,
  description: "Bonus",
  outcome: "failed" as const,
  errorCode: "account_blocked",
  balanceAfter: null,
  requestId: crypto.randomUUID(),
  idempotencyKey: crypto.randomUUID(),
});

describe("contact names", () => {
  test("names: remembered and found for a whole page in one statement each; an unseen contact is absent", async () => {
    const [ann, bob, unseen] = [uniqueId(), uniqueId(), uniqueId()];
    const written = await countingQueries(() =>
      rememberContactNames(testbed.database.db, [
        { id: ann, name: "Ann" },
        { id: bob, name: "Боб" },
        { id: uniqueId(), name: "  " },
      ]),
    );
    expect(written.queries).toBe(1);
    const read = await countingQueries(() => findContactNames(testbed.database.db, [ann, bob, unseen, ann]));
    expect(read.queries).toBe(1);
    expect(Object.fromEntries(read.result)).toEqual({ [ann]: "Ann", [bob]: "Боб" });
    await rememberContactNames(testbed.database.db, [{ id: ann, name: "Ann Lee" }]);
    expect((await findContactNames(testbed.database.db, [ann])).get(ann)).toBe("Ann Lee");
  });

  test("names: the ledger asks the platform once for a contact it has not seen, never again", async () => {
    const tenant = await seedTenant(testbed.database.db);
    const contactId = uniqueId();
    await applyFixtures(testbed.database.db, {
      contacts: [{ id: contactId, bot_id: tenant.botId, messenger: "telegram", name: "Ledger Ann", telegram_id: String(contactId) }],
    });
    const api = new PlatformClient({ db: testbed.database.db, baseUrl: testbed.platform.baseUrl, apiKey: tenant.key });
    const before = testbed.platform.calls.length;
    await ensureContactName(testbed.database.db, api, contactId);
    await ensureContactName(testbed.database.db, api, contactId);
    expect(testbed.platform.calls.slice(before)).toEqual(["getContact"]);
    expect((await findContactNames(testbed.database.db, [contactId])).get(contactId)).toBe("Ledger Ann");
  });

  test("names: a platform failure leaves the name unknown and does not throw", async () => {
    const api = new PlatformClient({ db: testbed.database.db, baseUrl: testbed.platform.baseUrl, apiKey: "wrong-key" });
    const contactId = uniqueId();
    await expect(ensureContactName(testbed.database.db, api, contactId)).resolves.toBeUndefined();
    expect((await findContactNames(testbed.database.db, [contactId])).size).toBe(0);
  });

  test("audit: an entry keeps the contact's name as it was when written; an unseen contact has none (the page shows its id)", async () => {
    const [named, unseen] = [uniqueId(), uniqueId()];
    await rememberContactNames(testbed.database.db, [{ id: named, name: "Old name" }]);
    await recordAuditEntry(testbed.database.db, entryFor(named));
    await recordAuditEntry(testbed.database.db, entryFor(unseen));
    await rememberContactNames(testbed.database.db, [{ id: named, name: "New name" }]);
    const viewer = { id: owner.id, role: owner.role };
    const [first] = (await listAuditEntries(testbed.database.db, viewer, { contactId: named }, 1)).items;
    const [second] = (await listAuditEntries(testbed.database.db, viewer, { contactId: unseen }, 1)).items;
    expect(first.contactName).toBe("Old name");
    expect(second.contactName).toBeNull();
    // Seen later: older entries are named from the directory, in the same query.
    await rememberContactNames(testbed.database.db, [{ id: unseen, name: "Seen later" }]);
    expect((await listAuditEntries(testbed.database.db, viewer, { contactId: unseen }, 1)).items[0].contactName).toBe("Seen later");
  });
});
