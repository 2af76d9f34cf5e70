import { describe, expect, test } from "vitest";
import { sql } from "drizzle-orm";
import { processBridge } from "@/lib/core/process-bridge.mjs";
import { scrape, serveMetrics, valueOf } from "@/lib/core/testing/metrics";
import { testDriver } from "./testing/database";
import { useTestDatabase } from "./testing/use-test-database";

/** A server's pool as its metrics show it: a connection held by a statement is in use, then idle again. */
const database = useTestDatabase({ poolSize: 3 });

describe.runIf(testDriver() === "pg")("the database pool's metrics (PostgreSQL)", () => {
  test("connections in use and idle, and queries waiting, while statements hold the pool", async () => {
    const connections = database.connections!;
    // As getDatabase() does for the process-wide database, which the gauges read.
    const bridge = processBridge();
    const previous = bridge.databaseConnections;
    bridge.databaseConnections = connections;
    const metrics = await serveMetrics({ token: null });
    try {
      await database.db.execute(sql`SELECT 1`);
      expect(connections().inUse).toBe(0);
      // Four sleeps on a pool of three: three connections in use, one query waiting for one.
      // (Promise.all starts them: a drizzle query runs when it is awaited.)
      const sleeps = Promise.all(Array.from({ length: 4 }, () => database.db.execute(sql`SELECT pg_sleep(1.5)`)));
      await expect.poll(() => connections().waiting, { timeout: 5_000 }).toBe(1);
      const during = await scrape(metrics.url);
      expect(valueOf(during, "chatbot_db_pool_connections", { state: "in_use" })).toBe(3);
      expect(valueOf(during, "chatbot_db_pool_waiting_queries")).toBe(1);
      await sleeps;
      const after = await scrape(metrics.url);
      expect(valueOf(after, "chatbot_db_pool_connections", { state: "in_use" })).toBe(0);
      expect(valueOf(after, "chatbot_db_pool_connections", { state: "idle" })).toBe(3);
      expect(valueOf(after, "chatbot_db_pool_waiting_queries")).toBe(0);
    } finally {
      bridge.databaseConnections = previous;
      await metrics.close();
    }
  });
});
