import { describe, expect, test } from "vitest";
import { sql } from "drizzle-orm";
import { useTestDatabase } from "@/lib/db/testing/use-test-database";
import { queryRows } from "@/lib/db/client";
import { scrape, serveMetrics, valueOf } from "@/lib/core/testing/metrics";
import { claimLease, type LeasedTable } from "./lease";

/** A claim takes a free job or one whose lease ran out; only the second is a takeover, and the metric counts it. */
const database = useTestDatabase();
const EXPORTS: LeasedTable = { name: "export_jobs", active: ["running"] };

async function addJob(lease: { owner: string; expired: boolean } | null): Promise<string> {
  const [row] = await queryRows<{ id: string }>(
    database.db,
    sql`INSERT INTO dashboard.export_jobs (format, filters, status, created_by, lease_owner, lease_expires_at)
        VALUES ('csv', '{}'::jsonb, ${lease ? "running" : "queued"}, 1, ${lease?.owner ?? null},
                ${lease ? sql`now() + ${lease.expired ? sql`interval '-1 minute'` : sql`interval '1 minute'`}` : sql`NULL`})
        RETURNING id::text AS id`,
  );
  return row.id;
}

describe("leases", () => {
  test("a job whose worker's lease ran out is taken over and counted; a free one and a held one are not", async () => {
    const metrics = await serveMetrics({ token: null });
    try {
      const takeovers = async () => valueOf(await scrape(metrics.url), "chatbot_job_lease_takeovers_total", { job: "export_jobs" }) ?? 0;
      const claim = () => claimLease(database.db, EXPORTS, "worker-b", 30, { claimable: ["queued", "running"], set: sql`status = 'running'` });
      const start = await takeovers();

      const held = await addJob({ owner: "worker-a", expired: false });
      const free = await addJob(null);
      expect(await claim()).toBe(free);
      expect(await takeovers()).toBe(start);

      const abandoned = await addJob({ owner: "worker-a", expired: true });
      expect(await claim()).toBe(abandoned);
      expect(await takeovers()).toBe(start + 1);
      const [owner] = await queryRows<{ lease_owner: string }>(database.db, sql`SELECT lease_owner FROM dashboard.export_jobs WHERE id = ${abandoned}::bigint`);
      expect(owner.lease_owner).toBe("worker-b");

      // The job still held by its worker stays with it.
      expect(await claim()).toBeNull();
      const [still] = await queryRows<{ lease_owner: string }>(database.db, sql`SELECT lease_owner FROM dashboard.export_jobs WHERE id = ${held}::bigint`);
      expect(still.lease_owner).toBe("worker-a");
      expect(await takeovers()).toBe(start + 1);
    } finally {
      await metrics.close();
    }
  });
});
