import { afterAll, describe, expect, test } from "vitest";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { openDatabase } from "./client";
import { acquireDataDirLock, DataDirLockedError, OWNER_RECORD } from "./data-dir-lock.mjs";
import { holdDataDir } from "@/lib/testing/data-dir-holder";

/** One owner per embedded data directory: real directories, real processes, the real lock. */
const root = fs.mkdtempSync(path.join(os.tmpdir(), "data-dir-lock-"));
afterAll(() => fs.rmSync(root, { recursive: true, force: true }));
const freshDir = (name: string) => path.join(root, name);

describe.runIf(!process.env.TEST_DATABASE_URL)("data directory lock (embedded databases only)", () => {
  test("lock: a second opener in another process is refused before it touches a file, naming the holder; a SIGKILLed holder frees it at once", async () => {
    const dir = freshDir("held-by-child");
    const holder = await holdDataDir(dir);
    try {
      const refusal = await openDatabase({ dataDir: dir }).then(
        () => null,
        (error: unknown) => error,
      );
      expect(refusal).toBeInstanceOf(DataDirLockedError);
      const error = refusal as DataDirLockedError;
      expect(error.dataDir).toBe(fs.realpathSync(dir));
      expect(error.owner?.pid).toBe(holder.child.pid);
      expect(error.message).toMatch(
        new RegExp(
          `^The data directory ${fs.realpathSync(dir)} is in use by process ${holder.child.pid} \\(.+\\), running since \\d{4}-\\d\\d-\\d\\dT[^,]+\\. An embedded database has one owner at a time; nothing was written\\. Wait for it to finish or stop it, or use another DATA_DIR\\.$`,
        ),
      );
      // Nothing of a database was written: only the holder's owner record is there.
      expect(fs.readdirSync(dir)).toEqual([OWNER_RECORD]);
    } finally {
      holder.child.kill("SIGKILL");
      await holder.exited;
    }
    // The kernel dropped the lock with the process: the very next attempt takes it (no waiting, no clean-up).
    const database = await openDatabase({ dataDir: dir });
    try {
      expect(JSON.parse(fs.readFileSync(path.join(dir, OWNER_RECORD), "utf8")).pid).toBe(process.pid);
    } finally {
      await database.close();
    }
    // close() gave the lock back and removed the record.
    expect(fs.existsSync(path.join(dir, OWNER_RECORD))).toBe(false);
  }, 120_000);

  test("lock: one process opens a directory's database once; a path through a symlink is the same directory; close() frees it", async () => {
    const dir = freshDir("same-process");
    const database = await openDatabase({ dataDir: dir });
    const link = path.join(root, "same-process-link");
    fs.symlinkSync(dir, link);
    try {
      for (const spelling of [dir, link]) {
        const error = await openDatabase({ dataDir: spelling }).then(
          () => null,
          (caught: unknown) => caught,
        );
        expect(error).toBeInstanceOf(DataDirLockedError);
        expect((error as DataDirLockedError).message).toContain(`is in use by process ${process.pid} (`);
        expect((error as DataDirLockedError).message).toContain("this process has the database open already");
      }
    } finally {
      await database.close();
    }
    const again = await openDatabase({ dataDir: link, migrate: false });
    await again.close();
  }, 120_000);

  test("lock: a server's claim (npm start takes the lock first) lets its own database open under it, and the refusal says what to run instead", async () => {
    const dir = freshDir("server-claim");
    const claim = await acquireDataDirLock(dir, { url: "http://127.0.0.1:3999" });
    const database = await openDatabase({ dataDir: dir, migrate: false });
    try {
      expect(database.dataDirLock).toBe(claim.lock);
      expect(JSON.parse(fs.readFileSync(path.join(dir, OWNER_RECORD), "utf8"))).toMatchObject({ pid: process.pid, url: "http://127.0.0.1:3999" });
      const error = await openDatabase({ dataDir: dir }).then(
        () => null,
        (caught: unknown) => caught,
      );
      expect((error as DataDirLockedError).message).toContain(", serving http://127.0.0.1:3999. ");
      expect((error as DataDirLockedError).message).toContain(
        "With the server up, run `npm run user:create`, `npm run user:password`, `npm run platform:load`, `npm run backup` and `npm run db:check` as usual: they go through it.",
      );
    } finally {
      await database.close();
    }
    // The server's own claim still holds the directory after its database closed.
    const second = await acquireDataDirLock(dir);
    expect(second.lock).toBe(claim.lock);
    await Promise.all([second.release(), claim.release()]);
    expect(fs.existsSync(path.join(dir, OWNER_RECORD))).toBe(false);
  }, 120_000);

  test("lock: claims of one process at the same moment share one lock; the last release frees the directory", async () => {
    const dir = freshDir("concurrent-claims");
    const claims = await Promise.all([acquireDataDirLock(dir), acquireDataDirLock(dir), acquireDataDirLock(dir)]);
    expect(new Set(claims.map((claim) => claim.lock)).size).toBe(1);
    expect(claims[0].lock.claims).toBe(3);
    await Promise.all(claims.map((claim) => claim.release()));
    const holder = await holdDataDir(dir);
    holder.child.kill("SIGKILL");
    await holder.exited;
  }, 60_000);

  test("lock: in-memory databases take no lock", async () => {
    const [a, b] = await Promise.all([openDatabase({ migrate: false }), openDatabase({ migrate: false })]);
    expect(a.dataDirLock).toBeUndefined();
    await Promise.all([a.close(), b.close()]);
  });
});
