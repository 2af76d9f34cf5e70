import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { useTestDatabase } from "@/lib/db/testing/use-test-database";
import { processBridge } from "@/lib/core/process-bridge.mjs";
import { uniqueId } from "@/lib/platform/testing/tenants";
import { rememberContactNames } from "@/lib/features/contacts/contact-names";
import { recordAuditEntry, type Actor } from "./audit";
import { loadActivitySearchParams } from "./activity-filters";
import { loadActivity } from "./load-activity";

/** The Activity page's data from the real audit trail: what the viewer may read under the URL, and the form around it. */
const database = useTestDatabase();

const member = (role: Actor["role"]): Actor => {
  const id = uniqueId();
  return { id, email: `${role}${id}@example.com`, name: `${role} ${id}`, role };
};
const support = member("support");
const other = member("support");
const named = uniqueId();
const unnamed = uniqueId();

beforeAll(async () => {
  // The loader opens the process-wide database: this file's.
  processBridge().database = Promise.resolve(database);
  await rememberContactNames(database.db, [{ id: named, name: "Ivan Petrov" }]);
  const entry = (actor: Actor, contactId: number) => ({
    actor,
    contactId,
    accountId: uniqueId(),
    currency: "USD",
    kind: "top_up" as const,
    amount: 1250n,
    description: "Bonus",
    outcome: "succeeded" as const,
    errorCode: null,
    balanceAfter: 1250n,
    requestId: crypto.randomUUID(),
    idempotencyKey: crypto.randomUUID(),
  });
  await recordAuditEntry(database.db, entry(support, named));
  await recordAuditEntry(database.db, entry(support, named));
  await recordAuditEntry(database.db, entry(support, unnamed));
  await recordAuditEntry(database.db, entry(other, uniqueId()));
});

afterAll(() => {
  delete processBridge().database;
});

describe("loadActivity", () => {
  test("a contact filter: its entries the viewer may read, its known name, the form's values and the export's links", async () => {
    const view = await loadActivity(support, loadActivitySearchParams(`?contact=${named}&page=1`));
    expect(view.result).toMatchObject({ page: 1, pages: 1, total: 2 });
    expect(view.result.items.map((item) => [item.contactId, item.contactName, item.userId])).toEqual([
      [named, "Ivan Petrov", support.id],
      [named, "Ivan Petrov", support.id],
    ]);
    // Support reads their own entries: the other member's are neither listed nor offered as a filter.
    expect(view.users).toEqual([{ id: support.id, email: support.email, name: support.name }]);
    expect(view.contactName).toBe("Ivan Petrov");
    expect(view.values).toEqual({ user: "", contact: String(named), kind: "", from: "", to: "" });
    expect(view.filtered).toBe(true);
    expect(view.exportHrefs).toEqual({
      csv: `/api/dashboard/activity/export?contact=${named}`,
      excel: `/api/dashboard/activity/export?contact=${named}&bom=1`,
    });
  });

  test("no filter: every entry the viewer may read, no contact's name, nothing filtered", async () => {
    const view = await loadActivity(support, loadActivitySearchParams(""));
    expect(view.result.total).toBe(3);
    expect(view.contactName).toBeNull();
    expect(view.values).toEqual({ user: "", contact: "", kind: "", from: "", to: "" });
    expect(view.filtered).toBe(false);
  });

  test("a contact the dashboard has no name for is filtered by its id alone", async () => {
    const view = await loadActivity(support, loadActivitySearchParams(`?contact=${unnamed}`));
    expect(view.result.total).toBe(1);
    expect(view.contactName).toBeNull();
  });
});
