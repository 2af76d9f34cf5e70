import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { openDatabase, queryRows } from "@/lib/db/client";
import { assertBuilt, startServer, type ServerInstance } from "@/lib/testing/server";

/**
 * `npm run backup` and `npm run db:check` while `npm start` owns the embedded
 * DATA_DIR and takes writes: they go through the server's command channel, the
 * copy restores (elsewhere) to a database that opens and holds the data, and
 * `npm run restore` into the served directory is refused in one line.
 */
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "backup-serving-"));
const realDir = fs.realpathSync(dataDir);
const work = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), "backup-serving-files-")));
afterAll(() => {
  fs.rmSync(dataDir, { recursive: true, force: true });
  fs.rmSync(work, { recursive: true, force: true });
});

const env = {
  DATA_DIR: dataDir,
  DATABASE_URL: "",
  NEXTAUTH_SECRET: "backup-serving-secret-0123456789abcdef",
  PLATFORM_RATE_LIMIT: "1000000",
  PLATFORM_LOG_REQUESTS: "0",
  NEXT_TELEMETRY_DISABLED: "1",
};
const KEY = "backup-serving-key";
const PROJECT = "8d4f0c9e-5a7b-4c1d-9e2f-0000000000b1";
const ACCOUNTS = [601, 602];

interface Run {
  status: number | null;
  stdout: string;
  stderr: string;
}

/** A script as an operator runs it, in its own process (asynchronous: the writes below keep going meanwhile). */
function tsx(script: string, args: string[], extraEnv: Record<string, string> = {}): Promise<Run> {
  return new Promise((resolve, reject) => {
    const child = spawn("node_modules/.bin/tsx", [script, ...args], { env: { ...process.env, ...env, ...extraEnv }, stdio: ["ignore", "pipe", "pipe"] });
    let stdout = "";
    let stderr = "";
    child.stdout.setEncoding("utf8").on("data", (chunk: string) => (stdout += chunk));
    child.stderr.setEncoding("utf8").on("data", (chunk: string) => (stderr += chunk));
    const timer = setTimeout(() => child.kill("SIGKILL"), 170_000);
    child.on("error", reject);
    child.on("close", (status) => {
      clearTimeout(timer);
      resolve({ status, stdout, stderr });
    });
  });
}

const topUp = (url: string, accountId: number, amount: number, description: string) =>
  fetch(`${url}/api/v1/addFundsToContactAccount`, {
    method: "POST",
    headers: { authorization: `Bearer ${KEY}`, accept: "application/json", "content-type": "application/json" },
    body: JSON.stringify({ account_id: accountId, amount, description }),
  });

async function balances(dir: string): Promise<Record<string, string>> {
  const database = await openDatabase({ dataDir: dir, migrate: false });
  try {
    const rows = await queryRows<{ id: string; amount: string }>(database.db, sql`SELECT id::text, amount::text FROM platform.contact_accounts ORDER BY id`);
    return Object.fromEntries(rows.map((row) => [row.id, row.amount]));
  } finally {
    await database.close();
  }
}

describe.runIf(!process.env.TEST_DATABASE_URL)("backup while npm start owns the embedded DATA_DIR", () => {
  let server: ServerInstance;
  let via: string;
  /** The balances the API acknowledged before the backup was asked for. */
  const before = new Map<number, number>(ACCOUNTS.map((id) => [id, 0]));

  beforeAll(async () => {
    assertBuilt();
    server = await startServer({ env, readyTimeoutMs: 170_000 });
    via = `via the running server (pid ${server.child.pid}, ${server.url})`;
    const fixtures = path.join(work, "fixtures.json");
    fs.writeFileSync(
      fixtures,
      JSON.stringify({
        accounts: [{ id: 1, email: "owner@example.com", name: "Owner", plan: "pro", api_key: KEY }],
        projects: [{ uuid: PROJECT, account_id: 1, name: "Shop" }],
        bots: [{ id: 10, project_uuid: PROJECT, name: "Shop bot" }],
        contacts: ACCOUNTS.map((id) => ({ id: id - 500, bot_id: 10, messenger: "telegram", telegram_id: String(8_000 + id), name: `Contact ${id}` })),
        contact_accounts: ACCOUNTS.map((id) => ({ id, contact_id: id - 500, currency: "USD", amount: 0 })),
      }),
    );
    const loaded = await tsx("scripts/platform-load.ts", [fixtures]);
    expect(loaded.stderr).toBe(`platform:load: ${via}\n`);
    expect(loaded.status).toBe(0);
  }, 180_000);

  afterAll(async () => {
    server?.signal("SIGKILL");
    await server?.exited;
  });

  test("backup: npm run backup goes through the running server while it takes writes; the copy restores elsewhere, opens and holds the data", async () => {
    for (const [index, id] of ACCOUNTS.entries()) {
      const amount = 100 * (index + 1);
      expect((await topUp(server.url, id, amount, `before ${id}`)).status).toBe(200);
      before.set(id, amount);
    }
    // Writes keep coming while the copy is taken; every one is answered.
    let writing = true;
    const statuses: number[] = [];
    const writer = (async () => {
      for (let i = 0; writing; i++) statuses.push((await topUp(server.url, ACCOUNTS[i % 2], 1, `during ${i}`)).status);
    })();
    const tarball = path.join(work, "nested", "serving.tar.gz");
    const backup = await tsx("scripts/backup.ts", [path.relative(process.cwd(), tarball)]);
    writing = false;
    await writer;
    expect(backup.stderr).toBe(`backup: ${via}\n`);
    expect(backup.status).toBe(0);
    const { backup: result } = JSON.parse(backup.stdout);
    expect(result).toMatchObject({ file: tarball, format: "tarball" });
    expect(fs.statSync(tarball).size).toBe(result.bytes);
    expect(statuses.length).toBeGreaterThan(0);
    expect(statuses.filter((status) => status !== 200)).toEqual([]);

    // The server's own files (its lock record, its command token) are not in the copy.
    const names = spawnSync("tar", ["-tzf", tarball], { encoding: "utf8" })
      .stdout.split("\n")
      .map((name) => name.replace(/^\//, ""));
    expect(names).toContain("PG_VERSION");
    expect(names.filter((name) => name.startsWith("owner."))).toEqual([]);

    const restoredDir = path.join(work, "restored");
    const restore = await tsx("scripts/restore.ts", [tarball], { DATA_DIR: restoredDir });
    expect(restore.stderr).toBe("");
    expect(restore.status).toBe(0);
    expect(restore.stdout).toMatch(/journal check passed: 2 accounts, \d+ journal entries, every balance equals the sum of its journal\n$/);
    const restored = await balances(restoredDir);
    for (const id of ACCOUNTS) expect(Number(restored[id])).toBeGreaterThanOrEqual(before.get(id)!);
    // The server goes on serving its own directory.
    expect((await topUp(server.url, ACCOUNTS[0], 1, "after the backup")).status).toBe(200);
  }, 180_000);

  test("backup: a .sql name makes the running server write a SQL dump", async () => {
    const dump = path.join(work, "serving.sql");
    const backup = await tsx("scripts/backup.ts", [dump]);
    expect(backup.stderr).toBe(`backup: ${via}\n`);
    expect(backup.status).toBe(0);
    expect(JSON.parse(backup.stdout).backup).toMatchObject({ file: dump, format: "sql" });
    const text = fs.readFileSync(dump, "utf8");
    expect(text).toContain("PostgreSQL database dump");
    expect(text).toContain("CREATE TABLE platform.contact_accounts");
  }, 180_000);

  test("backup: a target the server cannot write is refused in one line, and an invalid format before anything is sent", async () => {
    const blocked = path.join(work, "a-file");
    fs.writeFileSync(blocked, "");
    const refused = await tsx("scripts/backup.ts", [path.join(blocked, "below.tar.gz")]);
    expect(refused.status).toBe(1);
    expect(refused.stdout).toBe("");
    const lines = refused.stderr.trimEnd().split("\n");
    expect(lines[0]).toBe(`backup: ${via}`);
    expect(lines[1]).toMatch(/^backup: The backup could not be written: E[A-Z]+: /);
    expect(lines).toHaveLength(2);

    const invalid = await tsx("scripts/backup.ts", [path.join(work, "x.tar.gz"), "--format", "zip"]);
    expect(invalid.status).toBe(2);
    expect(invalid.stderr).toContain("format: Invalid option");
  }, 180_000);

  test("db:check goes through the running server", async () => {
    const check = await tsx("scripts/check-journal.ts", []);
    expect(check.stderr).toBe(`db:check: ${via}\n`);
    expect(check.status).toBe(0);
    expect(check.stdout).toMatch(/^journal check passed: 2 accounts, \d+ journal entries, every balance equals the sum of its journal\n$/);
  }, 180_000);

  test("restore: refused in one line while the server holds DATA_DIR; nothing is moved", async () => {
    const before = fs.readdirSync(dataDir).sort();
    const restore = await tsx("scripts/restore.ts", [path.join(work, "nested", "serving.tar.gz")]);
    expect(restore.status).toBe(1);
    expect(restore.stdout).toBe("");
    const lines = restore.stderr.trimEnd().split("\n");
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(
      new RegExp(
        `^restore: The data directory ${realDir} is in use by process ${server.child.pid} \\(node [^)]*start\\.mjs\\), running since [^,]+, serving ${server.url.replace(/\./g, "\\.")}\\. .* stop that server first`,
      ),
    );
    expect(fs.readdirSync(dataDir).sort()).toEqual(before);
    expect(fs.readdirSync(path.dirname(realDir)).filter((name) => name.startsWith(`${path.basename(realDir)}.before-restore`))).toEqual([]);
    expect((await topUp(server.url, ACCOUNTS[1], 1, "after the refused restore")).status).toBe(200);
  }, 180_000);

  test("backup: with the server stopped, npm run backup takes the copy itself under the lock", async () => {
    server.signal("SIGTERM");
    expect(await server.exited).toEqual({ code: 0, signal: null });
    const tarball = path.join(work, "stopped.tar.gz");
    const backup = await tsx("scripts/backup.ts", [tarball]);
    expect(backup.stderr).toBe(`backup: directly on the embedded database in ${dataDir} (no server holds it)\n`);
    expect(backup.status).toBe(0);
    expect(JSON.parse(backup.stdout).backup).toMatchObject({ file: tarball, format: "tarball" });
    // Given back: the directory opens again at once.
    expect(Object.keys(await balances(dataDir))).toEqual(ACCOUNTS.map(String));
  }, 180_000);
});
