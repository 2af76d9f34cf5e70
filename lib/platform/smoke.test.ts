import { afterAll, beforeAll, expect, test } from "vitest";
import { createTestDatabase } from "@/lib/db/testing";
import { callApi, seedTenant } from "./test-helpers";
import type { Database } from "@/lib/db/client";

let database: Database;
beforeAll(async () => { database = await createTestDatabase(); });
afterAll(async () => { await database?.close(); });

test("smoke", async () => {
  const tenant = await seedTenant(database.db);
  const me = await callApi(database.db, "getMe", { key: tenant.key, verb: "GET" });
  console.log(me.status, JSON.stringify(me.body), [...me.headers.entries()]);
  expect(me.status).toBe(200);
});
