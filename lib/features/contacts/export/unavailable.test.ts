import path from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, describe, expect, test, vi } from "vitest";
import { openDatabase } from "@/lib/db/client";
import { mountSmallDisk } from "@/lib/testing/small-disk";
import { ExportWorker } from "./worker";

/**
 * The export worker while its database cannot serve (a full disk broke the
 * embedded engine, which waits for room to reopen): it waits, longer each
 * time, says so once instead of failing every loop, and goes on by itself
 * once the database serves again.
 */
const disk = mountSmallDisk("export-unavailable", 80);
afterAll(() => disk.unmount());

describe.skipIf(!disk.mounted)("a database that cannot serve", () => {
  test("export worker: backs off while the database is unavailable, logs it once, and resumes when it serves again", async () => {
    const database = await openDatabase({ dataDir: path.join(disk.dir, "data") });
    const errors: string[] = [];
    const infos: string[] = [];
    // The log's lines (lib/core/log.mjs): errors on stderr, the rest on stdout.
    const errorSpy = vi.spyOn(process.stderr, "write").mockImplementation((line) => errors.push(String(line)) > 0);
    const logSpy = vi.spyOn(process.stdout, "write").mockImplementation((line) => infos.push(String(line)) > 0);
    const worker = new ExportWorker({ db: database.db, pollMs: 20, leaseSeconds: 30 });
    try {
      await database.db.execute(sql`CREATE TABLE scratch (id int PRIMARY KEY, n bigint NOT NULL, pad text)`);
      await database.db.execute(sql`INSERT INTO scratch VALUES (1, 0, '')`);
      disk.fill(200_000);
      // Updates in place until the WAL cannot grow: that breaks the engine, which then waits for room.
      for (let i = 0; i < 200_000 && database.status().status !== "unavailable"; i += 1) {
        await database.db.execute(sql`UPDATE scratch SET n = n + 1, pad = repeat(md5(random()::text), 40) WHERE id = 1`).catch(() => undefined);
      }
      expect(database.status()).toEqual({ status: "unavailable", reason: "disk_full" });

      worker.start();
      // Long enough for many polls at 20 ms; the worker waits 40, 80, 160 … ms between tries instead.
      await new Promise((resolve) => setTimeout(resolve, 2_000));
      expect(errors.filter((line) => line.includes("database unavailable: exports wait"))).toHaveLength(1);
      expect(errors.filter((line) => line.includes("worker loop failed"))).toEqual([]);

      disk.free();
      const deadline = Date.now() + 120_000;
      while (!infos.some((line) => line.includes("database serves again: exports resume")) && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      expect(database.status()).toEqual({ status: "ok" });
      expect(infos.filter((line) => line.includes("database serves again: exports resume"))).toHaveLength(1);
    } finally {
      await worker.stop();
      errorSpy.mockRestore();
      logSpy.mockRestore();
      await database.close();
      disk.free();
    }
  }, 240_000);
});

test.runIf(!disk.mounted)(`export worker on a full disk needs a small tmpfs (${disk.reason || "mounted"})`, () => {
  console.log(`skipped: ${disk.reason}`);
});
