import path from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, describe, expect, test } from "vitest";
import { assertBuilt, startServer, type ServerInstance } from "@/lib/testing/server";
import { mountSmallDisk } from "@/lib/testing/small-disk";
import { checkJournalSums } from "./backup";
import { openDatabase, queryRows } from "./client";
import { DataDirLockedError } from "./data-dir-lock.mjs";

/**
 * The production server (npm start) with its embedded database on a small
 * filesystem: the disk fills while top-ups run. Health tells the truth, writes
 * get a clear 503 and change nothing, reads go on where the engine allows, and
 * once space returns the server serves again by itself (or has exited non-zero
 * for a supervisor) — never a process that answers 500 forever. Afterwards
 * every acknowledged write is there and every balance equals its journal.
 */
const disk = mountSmallDisk("full-disk-server", 100);
afterAll(() => disk.unmount());

const TOKEN = "full-disk-operator-token-0123456789";
const KEY = "full-disk-key-1";
const ACCOUNTS = [9_100_001, 9_100_002];

async function post(
  server: ServerInstance,
  url: string,
  body: unknown,
  headers: Record<string, string> = {},
): Promise<{ status: number; body: unknown; text: string }> {
  const response = await fetch(`${server.url}${url}`, {
    method: "POST",
    headers: { "content-type": "application/json", accept: "application/json", ...headers },
    body: JSON.stringify(body),
  });
  const text = await response.text();
  let parsed: unknown = null;
  try {
    parsed = JSON.parse(text);
  } catch {
    /* not JSON: kept as text */
  }
  return { status: response.status, body: parsed, text };
}

async function health(server: ServerInstance): Promise<{ status: number; body: unknown }> {
  const response = await fetch(`${server.url}/api/health`).catch(() => null);
  if (!response) return { status: 0, body: null };
  return { status: response.status, body: await response.json().catch(() => null) };
}

describe.skipIf(!disk.mounted)("a full disk", () => {
  test("health says disk_full, writes get 503 and change nothing, reads go on, the server serves again once space returns, nothing acknowledged is lost", async () => {
    assertBuilt();
    const dataDir = path.join(disk.dir, "data");
    let server: ServerInstance | null = await startServer({
      env: {
        DATA_DIR: dataDir,
        PLATFORM_OPERATOR_TOKEN: TOKEN,
        PLATFORM_RATE_LIMIT: "1000000",
        DASHBOARD_EXPORT_WORKER: "0",
        NEXTAUTH_SECRET: "full-disk-test-secret-0123456789abcdef",
      },
      readyTimeoutMs: 180_000,
    });
    try {
      const seeded = await post(
        server,
        "/api/operator/fixtures",
        {
          accounts: [{ id: 9_100_000, email: "disk@example.com", name: "Disk", plan: "pro", api_key: KEY }],
          projects: [{ uuid: "8d4f0c9e-5a7b-4c1d-9e2f-0000000d15c0", account_id: 9_100_000, name: "Disk" }],
          bots: [{ id: 9_100_000, project_uuid: "8d4f0c9e-5a7b-4c1d-9e2f-0000000d15c0", name: "Disk bot" }],
          contacts: [{ id: 9_100_000, bot_id: 9_100_000, messenger: "telegram", name: "Ann", telegram_id: "91000" }],
          contact_accounts: ACCOUNTS.map((id, index) => ({ id, contact_id: 9_100_000, currency: index === 0 ? "USD" : "EUR", amount: 100 })),
        },
        { authorization: `Bearer ${TOKEN}` },
      );
      expect(seeded.status).toBe(200);

      // Top-ups run all along: every answer must be 200 or 503, never 500.
      const acknowledged = new Set<string>();
      const refused = new Set<string>();
      const lost = new Set<string>();
      const other: string[] = [];
      let writing = true;
      const writer = (async () => {
        for (let i = 0; writing; i += 1) {
          const description = `topup-${i}`;
          const answer = await post(
            server!,
            "/api/v1/addFundsToContactAccount",
            { account_id: ACCOUNTS[i % 2], amount: 7, description },
            { authorization: `Bearer ${KEY}` },
          ).catch(() => ({ status: 0, body: null, text: "" }));
          if (answer.status === 200) acknowledged.add(description);
          else if (answer.status === 503) refused.add(description);
          else if (answer.status === 0)
            lost.add(description); // the server went away (it may exit for a supervisor): unknown
          else other.push(`${answer.status} ${answer.text}`);
          if (answer.status !== 200) await new Promise((resolve) => setTimeout(resolve, 50));
        }
      })();
      while (acknowledged.size < 20) await new Promise((resolve) => setTimeout(resolve, 20));

      // Fill the disk, then load a large fixture: the write that meets the full disk.
      disk.fill(300_000);
      const load = await post(
        server,
        "/api/operator/fixtures",
        {
          generate_contacts: [
            { bot_id: 9_100_000, count: 50_000, messenger: "telegram", created_from: "2024-01-01T00:00:00Z", created_to: "2026-01-01T00:00:00Z" },
          ],
        },
        { authorization: `Bearer ${TOKEN}` },
      );
      expect(load.status).toBe(503);
      expect(load.body).toMatchObject({ message: expect.any(String), request_id: expect.any(String) });
      expect(load.text).not.toMatch(/\n\s+at /);

      const sick = await health(server);
      expect(sick).toEqual({ status: 503, body: { status: "unavailable", reason: "disk_full" } });

      // Small top-ups may still fit in pages the tables already have; the running writer meets the full disk soon.
      const refusedBy = Date.now() + 180_000;
      while (refused.size === 0 && Date.now() < refusedBy) await new Promise((resolve) => setTimeout(resolve, 50));
      expect(refused.size).toBeGreaterThan(0);
      // An API write now: a clear 503 (message and request id, no stack), and nothing changed.
      const write = await post(
        server,
        "/api/v1/addFundsToContactAccount",
        { account_id: ACCOUNTS[0], amount: 1, description: "while-full" },
        { authorization: `Bearer ${KEY}` },
      );
      expect(write.status).toBe(503);
      expect(write.body).toEqual({
        message: expect.stringContaining("disk is full"),
        error: expect.stringContaining("disk is full"),
        request_id: expect.any(String),
      });
      expect(write.text).not.toMatch(/\n\s+at /);

      // A read: served where the engine allows (a table that could not grow), else 503 — never 500.
      const read = await fetch(`${server.url}/api/v1/getContactAccounts?contact_id=9100000`, {
        headers: { authorization: `Bearer ${KEY}`, accept: "application/json" },
      });
      expect([200, 503]).toContain(read.status);
      console.log(`while the disk was full: a read answered ${read.status}`);

      // Space returns: the server serves again by itself, or has exited non-zero for a supervisor to restart it.
      disk.free();
      const deadline = Date.now() + 120_000;
      let exited: { code: number | null; signal: NodeJS.Signals | null } | null = null;
      void server.exited.then((result) => (exited = result));
      let back = await health(server);
      while (back.status !== 200 && !exited && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 250));
        back = await health(server);
      }
      if (exited) {
        expect((exited as { code: number | null }).code).not.toBe(0);
        console.log(`the server exited for a supervisor: ${JSON.stringify(exited)}`);
      } else {
        expect(back).toEqual({ status: 200, body: { status: "ok" } });
        const after = await post(
          server,
          "/api/v1/addFundsToContactAccount",
          { account_id: ACCOUNTS[1], amount: 1, description: "after-space-returned" },
          { authorization: `Bearer ${KEY}` },
        );
        expect(after.status).toBe(200);
        acknowledged.add("after-space-returned");
        // Still the directory's one owner (also when it reopened the engine): a second opener is refused, naming it.
        const second = await openDatabase({ dataDir }).then(
          () => null,
          (caught: unknown) => caught,
        );
        expect(second).toBeInstanceOf(DataDirLockedError);
        expect((second as DataDirLockedError).owner).toMatchObject({ pid: server.child.pid, url: server.url });
        // Let the writers see the server well again for a moment.
        const seen = acknowledged.size;
        while (acknowledged.size < seen + 5) await new Promise((resolve) => setTimeout(resolve, 20));
      }
      writing = false;
      await writer;
      expect(other).toEqual([]);
      console.log(`top-ups: ${acknowledged.size} acknowledged, ${refused.size} refused with 503`);

      server.signal("SIGTERM");
      await server.exited;
      server = null;

      // Every acknowledged write is there, no refused one is, and every balance equals its journal.
      const database = await openDatabase({ dataDir });
      try {
        const rows = await queryRows<{ description: string }>(
          database.db,
          sql`SELECT description FROM platform.account_journal WHERE title = 'Deposit via API'`,
        );
        const stored = new Set(rows.map((row) => row.description));
        expect([...acknowledged].filter((description) => !stored.has(description))).toEqual([]);
        expect(stored.has("while-full")).toBe(false);
        expect([...refused].filter((description) => stored.has(description))).toEqual([]);
        expect((await checkJournalSums(database.db)).mismatches).toEqual([]);
      } finally {
        await database.close();
      }
    } finally {
      server?.signal("SIGKILL");
      if (server) await server.exited;
    }
  }, 600_000);
});

test.runIf(!disk.mounted)(`full disk server test needs a small tmpfs (${disk.reason || "mounted"})`, () => {
  console.log(`skipped: ${disk.reason}`);
});
