import { beforeAll, describe, expect, test } from "vitest";
import { useTestDatabase } from "@/lib/db/testing/use-test-database";
import { processBridge } from "@/lib/core/process-bridge.mjs";
import { uniqueId } from "@/lib/platform/testing/tenants";
import { loadBatchListPage, loadBatchPage } from "./load-batch";
import { createMember, validatedBatch } from "./testing/batches";

/** The adjustments pages' data from a real database: the list, paged twenty to a page, and one batch's page. */
const database = useTestDatabase();
const ids: string[] = [];
let member: Awaited<ReturnType<typeof createMember>>;

beforeAll(async () => {
  // The loaders open the process-wide database: this file's.
  processBridge().database = Promise.resolve(database);
  member = await createMember(database.db);
  for (let index = 0; index < 21; index += 1) {
    ids.push(await validatedBatch(database.db, member.id, [{ contactId: uniqueId(), currency: "USD", kind: "top_up", amount: 100 + index }]));
  }
});

describe("adjustments pages", () => {
  test("the list shows twenty batches a page, newest first, and counts the pages", async () => {
    const first = await loadBatchListPage(1);
    expect(first).toMatchObject({ page: 1, pages: 2 });
    expect(first.items).toHaveLength(20);
    expect(first.items[0]).toMatchObject({ id: ids[20], fileName: "refunds.csv", createdBy: member.name, status: "validated", valid: 1 });
    const second = await loadBatchListPage(2);
    expect(second.items.map((batch) => batch.id)).toEqual([ids[0]]);
    expect((await loadBatchListPage(3)).items).toEqual([]);
  });

  test("a batch's page has its summary and totals; an unknown batch has none", async () => {
    const loaded = await loadBatchPage(ids[3]);
    expect(loaded?.view.summary).toMatchObject({ id: ids[3], valid: 1, invalid: 0, status: "validated" });
    expect(loaded?.view.headers).toEqual(["contact_id", "currency", "amount", "description"]);
    expect(loaded?.totals?.USD?.top_up).toEqual({ count: 1, minor: "103" });
    expect(await loadBatchPage(crypto.randomUUID())).toBeNull();
  });
});
