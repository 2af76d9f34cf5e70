import { randomUUID } from "node:crypto";
import { describe, expect, test } from "vitest";
import { sql } from "drizzle-orm";
import { queryRows } from "@/lib/db/client";
import { claimIntent, pruneIdempotencyKeys } from "./idempotency";
import { useTestDatabase } from "@/lib/db/testing/use-test-database";

const database = useTestDatabase();

/** A key written directly (claimIntent prunes now and then, which would race this test). */
async function key(status: string, ageDays: number): Promise<string> {
  const id = randomUUID();
  await database.db.execute(
    sql`INSERT INTO dashboard.idempotency_keys (key, user_id, operation, fingerprint, status, created_at)
        VALUES (${id}::uuid, 1, 'top_up', ${"f".repeat(64)}, ${status}, now() - make_interval(days => ${ageDays}::int))`,
  );
  return id;
}

describe("idempotency keys are not kept forever", () => {
  test("prune deletes settled keys past the retention, and keeps recent, pending and unknown ones", async () => {
    const oldSucceeded = await key("succeeded", 8);
    const oldFailed = await key("failed", 30);
    const recentSucceeded = await key("succeeded", 6);
    const oldPending = await key("pending", 8);
    const oldUnknown = await key("unknown", 8);
    expect(await pruneIdempotencyKeys(database.db, 7)).toBe(2);
    const left = await queryRows<{ key: string }>(database.db, sql`SELECT key::text AS key FROM dashboard.idempotency_keys`);
    const keys = left.map((row) => row.key);
    expect(keys).not.toContain(oldSucceeded);
    expect(keys).not.toContain(oldFailed);
    expect(keys).toEqual(expect.arrayContaining([recentSucceeded, oldPending, oldUnknown]));
    expect(await pruneIdempotencyKeys(database.db, 7)).toBe(0);
  });
});

describe("claimIntent", () => {
  test("exactly one of two claims of a key wins", async () => {
    const intent = { key: randomUUID(), userId: 1, operation: "top_up" as const, fingerprint: "a".repeat(64) };
    const results = await Promise.all([claimIntent(database.db, intent), claimIntent(database.db, intent)]);
    expect(results.filter(Boolean)).toHaveLength(1);
  });
});
