import fs from "node:fs";
import path from "node:path";
import { afterAll, describe, expect, test } from "vitest";
import { holdDataDir } from "@/lib/testing/data-dir-holder";
import { mountSmallDisk } from "@/lib/testing/small-disk";
import { acquireDataDirLock } from "./data-dir-lock.mjs";
import { DatabaseUnavailableError } from "./failure";
import { ResilientPglite } from "./resilient-pglite";

/**
 * The embedded engine on a full disk, on a real small filesystem (tmpfs, as
 * root): a table that cannot grow leaves the engine serving reads; a WAL write
 * that fails breaks the engine instance, which is then abandoned (never sent
 * another statement, which could hang the process) and reopened once there is
 * room, with every acknowledged write in place.
 */
const disk = mountSmallDisk("resilient-pglite", 80);
afterAll(() => disk.unmount());

async function waitForStatus(client: ResilientPglite, wanted: "ok"): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (client.status().status !== wanted) {
    if (Date.now() > deadline) throw new Error(`the engine did not come back: ${JSON.stringify(client.status())}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe.skipIf(!disk.mounted)("on a full disk", () => {
  test("a table that cannot grow: writes fail with disk_full and change nothing, reads go on, and it serves again once there is room", async () => {
    const dataDir = path.join(disk.dir, "grow");
    const client = await ResilientPglite.open(dataDir);
    try {
      await client.exec("CREATE TABLE t (id serial PRIMARY KEY, v text)");
      disk.fill(3_000_000);
      let inserted = 0;
      let failure: unknown = null;
      for (; inserted < 100_000; inserted += 1) {
        try {
          await client.query("INSERT INTO t (v) VALUES ($1)", ["x".repeat(2000)]);
        } catch (error) {
          failure = error;
          break;
        }
      }
      expect(failure).toBeInstanceOf(DatabaseUnavailableError);
      expect((failure as DatabaseUnavailableError).reason).toBe("disk_full");
      expect(client.status()).toEqual({ status: "degraded", reason: "disk_full" });
      // The failed write changed nothing; reads go on.
      expect((await client.query<{ count: number }>("SELECT count(*)::int AS count FROM t")).rows).toEqual([{ count: inserted }]);
      await expect(client.query("INSERT INTO t (v) VALUES ($1)", ["y".repeat(2000)])).rejects.toBeInstanceOf(DatabaseUnavailableError);
      disk.free();
      await waitForStatus(client, "ok");
      await client.query("INSERT INTO t (v) VALUES ('after')");
      expect((await client.query<{ count: number }>("SELECT count(*)::int AS count FROM t")).rows).toEqual([{ count: inserted + 1 }]);
    } finally {
      await client.close();
      disk.free();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  }, 240_000);

  test("a WAL write that fails: the engine is abandoned at once (no hang), reopened once there is room under the same lock, every acknowledged write is there", async () => {
    // As openDatabase does: the directory's lock first, the engine on its real path.
    const claim = await acquireDataDirLock(path.join(disk.dir, "wal"), { forDatabase: true });
    const dataDir = claim.lock.dataDir;
    const client = await ResilientPglite.open(dataDir);
    try {
      await client.exec("CREATE TABLE c (id int PRIMARY KEY, n bigint NOT NULL, pad text); INSERT INTO c VALUES (1, 0, '')");
      disk.fill(200_000);
      // Updates in place write WAL but hardly any table pages: the next WAL segment is what cannot be made.
      let acknowledged = 0;
      let failure: unknown = null;
      for (let i = 0; i < 200_000; i += 1) {
        try {
          const result = await client.query<{ n: string }>("UPDATE c SET n = n + 1, pad = repeat(md5(random()::text), 40) WHERE id = 1 RETURNING n::text");
          acknowledged = Number(result.rows[0].n);
        } catch (error) {
          failure = error;
          break;
        }
      }
      expect(failure).toBeInstanceOf(DatabaseUnavailableError);
      expect(client.status()).toMatchObject({ reason: "disk_full" });
      const walFailed = client.status().status === "unavailable";
      console.log(
        `${acknowledged} updates acknowledged; the failure was ${walFailed ? "a WAL write (engine reopened)" : "a table extension (engine kept)"}: ${(failure as Error & { cause?: Error }).cause?.message}`,
      );
      // Answered at once: the broken instance gets no further statement.
      await expect(client.query("UPDATE c SET n = n + 1 WHERE id = 1")).rejects.toBeInstanceOf(DatabaseUnavailableError);
      disk.free();
      await waitForStatus(client, "ok");
      expect((await client.query<{ n: string }>("SELECT n::text FROM c WHERE id = 1")).rows).toEqual([{ n: String(acknowledged) }]);
      await client.query("UPDATE c SET n = n + 1 WHERE id = 1");
      expect((await client.query<{ n: string }>("SELECT n::text FROM c WHERE id = 1")).rows).toEqual([{ n: String(acknowledged + 1) }]);
      // The lock belongs to the process, not to an engine instance: another process is still refused.
      await expect(holdDataDir(dataDir)).rejects.toThrow("the holder exited with 1");
    } finally {
      await client.close();
      await claim.release();
      disk.free();
    }
  }, 240_000);
});

test.runIf(!disk.mounted)(`full disk tests need a small tmpfs (${disk.reason || "mounted"})`, () => {
  console.log(`skipped: ${disk.reason}`);
});
