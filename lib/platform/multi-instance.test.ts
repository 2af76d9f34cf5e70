import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { assertBuilt, startServer, type ServerInstance } from "@/lib/testing/server";
import { sql } from "drizzle-orm";
import { createTestDatabase, serverDatabaseEnv, type TestDatabase } from "@/lib/db/testing/database";
import { queryRows } from "@/lib/db/client";

/**
 * Two production servers (`npm start`) on one PostgreSQL database: the rate limit and key
 * regeneration hold across instances. Needs a real server (TEST_DATABASE_URL)
 * and a production build (`next build`, which the test command runs first).
 */
const serverUrl = process.env.TEST_DATABASE_URL;
const TOKEN = "multi-instance-operator-token-0123456789";

function startInstance(database: TestDatabase): Promise<ServerInstance> {
  return startServer({
    env: {
      ...serverDatabaseEnv(database),
      PLATFORM_OPERATOR_TOKEN: TOKEN,
      NEXTAUTH_SECRET: "test-secret-0123456789abcdef0123456789",
      PLATFORM_LOG_REQUESTS: "0",
    },
  });
}

describe.runIf(serverUrl)("two server instances on one PostgreSQL database", () => {
  let database: TestDatabase;
  let a: ServerInstance;
  let b: ServerInstance;

  beforeAll(async () => {
    assertBuilt();
    database = await createTestDatabase({ poolSize: 4 });
    [a, b] = await Promise.all([startInstance(database), startInstance(database)]);
  }, 120_000);

  afterAll(async () => {
    a?.signal("SIGTERM");
    b?.signal("SIGTERM");
    await Promise.all([a?.exited, b?.exited]);
    await database?.close();
  });

  async function loadFixtures(url: string, doc: unknown): Promise<number> {
    const response = await fetch(`${url}/api/operator/fixtures`, {
      method: "POST",
      headers: { authorization: `Bearer ${TOKEN}`, "content-type": "application/json" },
      body: JSON.stringify(doc),
    });
    return response.status;
  }

  const getMe = (url: string, key: string) => fetch(`${url}/api/v1/getMe`, { headers: { authorization: `Bearer ${key}`, accept: "application/json" } });

  test("multi-instance: 130 concurrent requests over both instances → exactly 120 answered, 10 refused with 429", async () => {
    expect(await loadFixtures(a.url, { accounts: [{ id: 1, email: "a@example.com", api_key: "shared-limit-key" }] })).toBe(200);
    const [{ second }] = await queryRows<{ second: number }>(database.db, sql`SELECT extract(second FROM clock_timestamp())::float8 AS second`);
    if (second > 40) await new Promise((resolve) => setTimeout(resolve, (61 - second) * 1000));
    const responses = await Promise.all(Array.from({ length: 130 }, (_, i) => getMe(i % 2 ? a.url : b.url, "shared-limit-key")));
    const statuses = responses.map((r) => r.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(120);
    expect(statuses.filter((s) => s === 429)).toHaveLength(10);
    const refused = responses.find((r) => r.status === 429)!;
    expect(await refused.json()).toEqual({ message: "Too Many Attempts." });
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    const remaining = responses.filter((r) => r.status === 200).map((r) => Number(r.headers.get("x-ratelimit-remaining")));
    expect(new Set(remaining).size).toBe(120);
  }, 120_000);

  test("multi-instance: a key regenerated through one instance stops working at once on the other", async () => {
    expect(await loadFixtures(a.url, { accounts: [{ id: 2, email: "b@example.com", api_key: "old-key" }] })).toBe(200);
    expect((await getMe(b.url, "old-key")).status).toBe(200);
    expect(await loadFixtures(a.url, { accounts: [{ id: 2, email: "b@example.com", api_key: "new-key" }] })).toBe(200);
    expect((await getMe(b.url, "old-key")).status).toBe(401);
    expect((await getMe(b.url, "new-key")).status).toBe(200);
  }, 60_000);
});
