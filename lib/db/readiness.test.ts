import { afterAll, beforeAll, expect, test } from "vitest";
import { sql } from "drizzle-orm";
import { createTestDatabase } from "./testing";
import type { Database } from "./client";
import { checkReadiness } from "./readiness";

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database?.close();
});

test("readiness: ready once every migration is applied, migrating when one is missing", async () => {
  const ready = await checkReadiness(database.db);
  expect(ready.status).toBe("ready");
  expect(ready.migrations.applied).toBe(ready.migrations.expected);
  await database.db.execute(sql`DELETE FROM drizzle.__drizzle_migrations WHERE id = (SELECT max(id) FROM drizzle.__drizzle_migrations)`);
  const behind = await checkReadiness(database.db);
  expect(behind.status).toBe("migrating");
  expect(behind.migrations.applied).toBe(behind.migrations.expected - 1);
});
