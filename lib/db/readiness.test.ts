import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { sql } from "drizzle-orm";
import { mountSmallDisk } from "@/lib/testing/small-disk";
import { openDatabase, type Database } from "./client";
import { answerReadiness, checkReadiness } from "./readiness";
import { createTestDatabase } from "./testing/database";
import { useTestDatabase } from "./testing/use-test-database";

const database = useTestDatabase();

test("readiness: ready once every migration is applied, migrating when one is missing", async () => {
  const ready = await checkReadiness(database.db);
  expect(ready.status).toBe("ready");
  expect(ready.migrations.applied).toBe(ready.migrations.expected);
  await database.db.execute(sql`DELETE FROM drizzle.__drizzle_migrations WHERE id = (SELECT max(id) FROM drizzle.__drizzle_migrations)`);
  const behind = await checkReadiness(database.db);
  expect(behind.status).toBe("migrating");
  expect(behind.migrations.applied).toBe(behind.migrations.expected - 1);
});

/** Kept fully migrated (the test above removes a migration from its database). */
let intact: Database;
beforeAll(async () => {
  intact = await createTestDatabase();
});
afterAll(async () => {
  await intact?.close();
});

describe("the data directory", () => {
  // A real directory of the test's own for the probe; the database itself may live anywhere (PGlite in memory, a server).
  const workDir = fs.mkdtempSync(path.join(os.tmpdir(), "ready-"));
  afterAll(() => fs.rmSync(workDir, { recursive: true, force: true }));

  test("ready: 200 when the database answers and the data directory takes writes; the probe leaves nothing behind", async () => {
    const answer = await answerReadiness(intact, workDir);
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ status: "ready", database: true });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(fs.readdirSync(workDir)).toEqual([]);
  });

  test("ready: 503 when the data directory cannot take a file (its path is a regular file: ENOTDIR, also for root)", async () => {
    // Tests run as root, which ignores permission bits: a path whose parent is a file fails for everyone.
    const notADirectory = path.join(workDir, "plain-file");
    fs.writeFileSync(notADirectory, "x");
    const answer = await answerReadiness(intact, notADirectory);
    expect(answer.status).toBe(503);
    expect(answer.body).toEqual({ status: "unavailable", database: true, data_dir: { writable: false, reason: expect.stringMatching(/^ENOTDIR: /) } });
  });

  test("ready: 503 when the database cannot be reached", async () => {
    const unreachable = await openDatabase({ url: "postgres://postgres:postgres@127.0.0.1:1/x", migrate: false, poolSize: 1 });
    try {
      const answer = await answerReadiness(unreachable);
      expect(answer).toEqual({ status: 503, body: { status: "unavailable", database: false, reason: "unreachable" } });
    } finally {
      await unreachable.close();
    }
  });
});

/**
 * A small tmpfs of its own (needs root; skipped with the reason otherwise):
 * filled up, it is a real full disk; remounted read-only, a real read-only
 * filesystem, which stops root as well.
 */
const disk = mountSmallDisk("ready-disk", 32);
afterAll(() => disk.unmount());

describe.skipIf(!disk.mounted)(`the data directory on a small disk${disk.mounted ? "" : ` (skipped: ${disk.reason})`}`, () => {
  test("ready: 503 disk_full when the disk has less room than a reopened engine needs, 200 again once freed", async () => {
    expect((await answerReadiness(intact, disk.dir)).status).toBe(200);
    disk.fill(1024 * 1024);
    const full = await answerReadiness(intact, disk.dir);
    expect(full.status).toBe(503);
    expect(full.body).toEqual({ status: "unavailable", database: true, data_dir: { writable: false, reason: expect.stringMatching(/^disk_full: /) } });
    disk.free();
    expect((await answerReadiness(intact, disk.dir)).status).toBe(200);
  });

  test("ready: 503 when the filesystem is read-only (EROFS)", async () => {
    const remount = spawnSync("mount", ["-o", "remount,ro", disk.dir], { encoding: "utf8" });
    expect(remount.status, remount.stderr).toBe(0);
    try {
      // Only the probe's write is refused: the free-space check passes on an empty disk.
      const answer = await answerReadiness(intact, disk.dir);
      expect(answer.status).toBe(503);
      expect(answer.body).toMatchObject({ data_dir: { writable: false, reason: expect.stringMatching(/^EROFS: /) } });
    } finally {
      spawnSync("mount", ["-o", "remount,rw", disk.dir]);
    }
  });
});
