import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { openDatabase, queryRows } from "@/lib/db/client";
import { DataDirLockedError } from "@/lib/db/data-dir-lock.mjs";
import { freePort } from "@/lib/testing/free-port";
import { holdDataDir } from "@/lib/testing/data-dir-holder";
import { assertBuilt, startServer, type ServerInstance } from "@/lib/testing/server";
import { signInOverHttp } from "@/lib/testing/sign-in";

/**
 * The everyday commands against an embedded DATA_DIR while `npm start` holds it and
 * takes writes: each either goes through the server (and takes effect at once) or is
 * refused with one clear message; nothing is opened twice, nothing acknowledged is lost.
 */
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "data-dir-owner-"));
const realDir = fs.realpathSync(dataDir);
const fixtureDir = fs.mkdtempSync(path.join(os.tmpdir(), "data-dir-owner-fixtures-"));
afterAll(() => {
  fs.rmSync(dataDir, { recursive: true, force: true });
  fs.rmSync(fixtureDir, { recursive: true, force: true });
});

const env = {
  DATA_DIR: dataDir,
  DATABASE_URL: "",
  NEXTAUTH_SECRET: "data-dir-owner-secret-0123456789abcdef",
  PLATFORM_RATE_LIMIT: "1000000",
  PLATFORM_LOG_REQUESTS: "0",
  NEXT_TELEMETRY_DISABLED: "1",
};
const KEY = "data-dir-owner-key-1";
const SECOND_KEY = "data-dir-owner-key-2";
const PROJECT = "8d4f0c9e-5a7b-4c1d-9e2f-0000000000a1";
const ACCOUNTS = [501, 502, 503, 504];

interface Run {
  status: number | null;
  stdout: string;
  stderr: string;
}

/** A script as an operator runs it, in its own process; asynchronous, so that this process's load keeps running. */
function run(args: string[], extraEnv: Record<string, string> = {}, timeoutMs = 170_000): Promise<Run> {
  return new Promise((resolve, reject) => {
    const child = spawn(args[0], args.slice(1), { env: { ...process.env, ...env, ...extraEnv }, stdio: ["ignore", "pipe", "pipe"] });
    let stdout = "";
    let stderr = "";
    child.stdout.setEncoding("utf8").on("data", (chunk: string) => (stdout += chunk));
    child.stderr.setEncoding("utf8").on("data", (chunk: string) => (stderr += chunk));
    const timer = setTimeout(() => child.kill("SIGKILL"), timeoutMs);
    child.on("error", reject);
    child.on("close", (status) => {
      clearTimeout(timer);
      resolve({ status, stdout, stderr });
    });
  });
}
/** What user:password prints for a reset link. */
const RESET_LINK_PRINTED = new RegExp(
  "^Reset link for support late-hire@example\\.com \\(id \\d+\\); their password changes when they use it\\.\\n" +
    "One-time link \\(shown once, valid until [^)]+\\): \\S+/welcome/[A-Za-z0-9_-]{43}\\n$",
);
const tsx = (script: string, ...args: string[]) => run(["node_modules/.bin/tsx", script, ...args]);

function writeFixtures(name: string, document: unknown): string {
  const file = path.join(fixtureDir, `${name}.json`);
  fs.writeFileSync(file, JSON.stringify(document));
  return file;
}

/** Signs in through next-auth's credentials callback, as the login form does; answers the form's error, or the session's cookies. */
const signIn = (url: string, email: string, password: string) => signInOverHttp(url, email, password);

const me = (url: string, cookie: string) => fetch(`${url}/api/dashboard/me`, { headers: { cookie } });
const getMe = (url: string, key: string) => fetch(`${url}/api/v1/getMe`, { headers: { authorization: `Bearer ${key}`, accept: "application/json" } });

/** Top-ups through the API in two lanes, each waiting for its answer; only a 200 counts as acknowledged. */
function startTopUps(url: string) {
  const acknowledged = new Map<number, bigint>(ACCOUNTS.map((id) => [id, BigInt(0)]));
  const failures: string[] = [];
  let count = 0;
  let stopped = false;
  const lane = async (offset: number) => {
    for (let i = offset; !stopped; i += 2) {
      const accountId = ACCOUNTS[i % ACCOUNTS.length];
      const amount = (i % 97) + 1;
      const response = await fetch(`${url}/api/v1/addFundsToContactAccount`, {
        method: "POST",
        headers: { authorization: `Bearer ${KEY}`, accept: "application/json", "content-type": "application/json" },
        body: JSON.stringify({ account_id: accountId, amount, description: `top-up ${i}` }),
      }).catch((error: Error) => error);
      if (response instanceof Error) failures.push(response.message);
      else if (response.status !== 200) failures.push(`${response.status} ${await response.text()}`);
      else {
        await response.arrayBuffer();
        acknowledged.set(accountId, acknowledged.get(accountId)! + BigInt(amount));
        count++;
      }
    }
  };
  const lanes = Promise.all([lane(0), lane(1)]);
  return {
    acknowledged,
    failures,
    count: () => count,
    async stop() {
      stopped = true;
      await lanes;
    },
  };
}

/** Every contact account's balance equals its journal (deposits minus debits) and the acknowledged top-ups. */
async function checkLedger(acknowledged: Map<number, bigint>): Promise<void> {
  const database = await openDatabase({ dataDir });
  try {
    const rows = await queryRows<{ id: string; amount: string; journal: string; entries: string }>(
      database.db,
      sql`SELECT a.id::text, a.amount::text,
                 coalesce(sum(CASE j.kind WHEN 'debit' THEN -j.amount ELSE j.amount END), 0)::text AS journal,
                 count(j.id)::text AS entries
          FROM platform.contact_accounts a LEFT JOIN platform.account_journal j ON j.account_id = a.id
          GROUP BY a.id ORDER BY a.id`,
    );
    expect(rows.map((row) => row.id)).toEqual(ACCOUNTS.map(String));
    for (const row of rows) {
      expect(row.amount).toBe(row.journal);
      expect(row.amount).toBe(acknowledged.get(Number(row.id))!.toString());
    }
  } finally {
    await database.close();
  }
}

describe.runIf(!process.env.TEST_DATABASE_URL)("operator commands while npm start owns the embedded DATA_DIR", () => {
  let server: ServerInstance;
  let load: ReturnType<typeof startTopUps>;
  const users = { email: "late-hire@example.com", password: "" };

  beforeAll(async () => {
    assertBuilt();
    server = await startServer({ env, readyTimeoutMs: 170_000 });
  }, 180_000);

  afterAll(async () => {
    await load?.stop();
    server?.signal("SIGKILL");
    await server?.exited;
  });

  test("owner: platform:load goes through the running server and its fixtures answer through the API at once, also while the server takes writes", async () => {
    const first = writeFixtures("first", {
      accounts: [{ id: 1, email: "owner@example.com", name: "Owner", plan: "pro", api_key: KEY }],
      projects: [{ uuid: PROJECT, account_id: 1, name: "Shop" }],
      bots: [{ id: 10, project_uuid: PROJECT, name: "Shop bot" }],
      contacts: ACCOUNTS.map((id) => ({ id: id - 400, bot_id: 10, messenger: "telegram", telegram_id: String(7_000 + id), name: `Contact ${id}` })),
      contact_accounts: ACCOUNTS.map((id) => ({ id, contact_id: id - 400, currency: "USD", amount: 0 })),
      list_schemas: [
        {
          id: "0b6c3c1e-1111-4a2b-8c3d-0000000000a1",
          project_uuid: PROJECT,
          name: "Orders",
          fields: { sku: { name: "SKU", type: "string" }, "10": { name: "Ten", type: "number" } },
        },
      ],
    });
    const loaded = await tsx("scripts/platform-load.ts", first);
    expect(loaded.stderr).toBe(`platform:load: via the running server (pid ${server.child.pid}, ${server.url})\n`);
    expect(loaded.status).toBe(0);
    expect(JSON.parse(loaded.stdout).applied).toMatchObject({ accounts: 1, projects: 1, bots: 1, contacts: 4, contact_accounts: 4, list_schemas: 1 });
    const shop = await getMe(server.url, KEY);
    expect(shop.status).toBe(200);
    expect((await shop.json()).data.projects[0].bots).toEqual([{ id: 10, name: "Shop bot" }]);

    load = startTopUps(server.url);
    const project = "8d4f0c9e-5a7b-4c1d-9e2f-0000000000a2";
    const second = writeFixtures("second", {
      accounts: [{ id: 2, email: "second@example.com", name: "Second", plan: "pro", api_key: SECOND_KEY }],
      projects: [{ uuid: project, account_id: 2, name: "Second shop" }],
      bots: [{ id: 11, project_uuid: project, name: "Second bot" }],
      generate_contacts: [{ bot_id: 11, count: 3000, messenger: "telegram", created_from: "2025-01-01T00:00:00Z", created_to: "2026-01-01T00:00:00Z" }],
    });
    const again = await tsx("scripts/platform-load.ts", second);
    expect(again.status).toBe(0);
    expect(JSON.parse(again.stdout).applied).toMatchObject({ accounts: 1, bots: 1, generated_contacts: 3000 });
    const seen = await getMe(server.url, SECOND_KEY);
    expect(seen.status).toBe(200);
    expect((await seen.json()).data.projects).toEqual([{ uuid: project, name: "Second shop", bots: [{ id: 11, name: "Second bot" }] }]);

    const refused = await tsx("scripts/platform-load.ts", writeFixtures("bad", { bots: [{ id: "ten" }] }));
    expect(refused.status).toBe(1);
    const [via, ...body] = refused.stderr.split("\n");
    expect(via).toBe(`platform:load: via the running server (pid ${server.child.pid}, ${server.url})`);
    expect(Object.keys(JSON.parse(body.join("\n")).errors)).toContain("bots.0.id");
  }, 180_000);

  test("owner: a second npm start on the same DATA_DIR is refused with one line naming the directory, the holder and what to run instead", async () => {
    const port = await freePort();
    const second = await run([process.execPath, "scripts/start.mjs"], { PORT: String(port), HOSTNAME: "127.0.0.1" });
    expect(second.status).toBe(1);
    expect(second.stdout).toBe("");
    const lines = second.stderr.trimEnd().split("\n");
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(
      new RegExp(
        `^npm start: The data directory ${realDir} is in use by process ${server.child.pid} \\(node ${path.resolve("scripts/start.mjs")}\\), ` +
          `running since \\d{4}-\\d\\d-\\d\\dT[\\d:.]+Z, serving ${server.url.replace(/\./g, "\\.")}\\. An embedded database has one owner at a time; nothing was written\\. ` +
          "With the server up, run `npm run user:create`, `npm run user:password`, `npm run platform:load`, `npm run backup` and `npm run db:check` as usual: they go through it\\. " +
          "To run anything else, stop that server first, or use another DATA_DIR\\.$",
      ),
    );
    // The server still answers, and still owns the directory.
    expect((await getMe(server.url, KEY)).status).toBe(200);
  }, 180_000);

  test("owner: user:create goes through the running server and prints a one-time link; --password-env signs in at once; a taken email is refused", async () => {
    const created = await tsx("scripts/user-create.ts", "--email", users.email, "--role", "support", "--name", "Late Hire");
    expect(created.stderr).toBe(`user:create: via the running server (pid ${server.child.pid}, ${server.url})\n`);
    expect(created.status).toBe(0);
    const match = created.stdout.match(
      /^Created support late-hire@example\.com \(id \d+\)\.\nOne-time link \(shown once, valid until [^)]+\): http:\/\/\S+\/welcome\/([A-Za-z0-9_-]{43})\n$/,
    );
    expect(match).not.toBeNull();
    // Invited, no password of their own yet: nothing signs in.
    expect((await signIn(server.url, users.email, "")).error).toBe("invalid_credentials");

    users.password = "late hire picks a long passphrase";
    const set = await run(["node_modules/.bin/tsx", "scripts/user-password.ts", "--email", users.email, "--password-env", "LATE_HIRE_PASSWORD"], {
      LATE_HIRE_PASSWORD: users.password,
    });
    expect(set.status).toBe(0);
    expect(set.stdout).toMatch(
      /^New password for support late-hire@example\.com \(id \d+\); their sessions have ended\.\nPassword set from LATE_HIRE_PASSWORD\.\n$/,
    );
    const session = await signIn(server.url, users.email, users.password);
    expect(session.error).toBeNull();
    const who = await me(server.url, session.cookie);
    expect(who.status).toBe(200);
    expect(await who.json()).toMatchObject({ email: users.email, role: "support" });

    const taken = await tsx("scripts/user-create.ts", "--email", users.email, "--role", "owner");
    expect(taken.status).toBe(1);
    expect(taken.stdout).toBe("");
    expect(taken.stderr).toBe(
      `user:create: via the running server (pid ${server.child.pid}, ${server.url})\nuser:create: A user with the email ${users.email} already exists.\n`,
    );
  }, 180_000);

  test("owner: user:password goes through the running server: a reset link changes nothing until used; --password-env ends the old one", async () => {
    const before = await signIn(server.url, users.email, users.password);
    expect(before.error).toBeNull();
    const linked = await tsx("scripts/user-password.ts", "--email", users.email);
    expect(linked.stderr).toBe(`user:password: via the running server (pid ${server.child.pid}, ${server.url})\n`);
    expect(linked.status).toBe(0);
    expect(linked.stdout).toMatch(RESET_LINK_PRINTED);
    expect((await me(server.url, before.cookie)).status).toBe(200);

    const previous = users.password;
    users.password = "another long passphrase for the hire";
    const reset = await run(["node_modules/.bin/tsx", "scripts/user-password.ts", "--email", users.email, "--password-env", "LATE_HIRE_PASSWORD"], {
      LATE_HIRE_PASSWORD: users.password,
    });
    expect(reset.stderr).toBe(`user:password: via the running server (pid ${server.child.pid}, ${server.url})\n`);
    expect(reset.status).toBe(0);
    expect(reset.stdout).toMatch(
      /^New password for support late-hire@example\.com \(id \d+\); their sessions have ended\.\nPassword set from LATE_HIRE_PASSWORD\.\n$/,
    );
    expect((await signIn(server.url, users.email, previous)).error).toBe("invalid_credentials");
    expect((await me(server.url, before.cookie)).status).not.toBe(200);
    const after = await signIn(server.url, users.email, users.password);
    expect(after.error).toBeNull();
    expect((await me(server.url, after.cookie)).status).toBe(200);

    const unknown = await tsx("scripts/user-password.ts", "--email", "nobody@example.com");
    expect(unknown.status).toBe(1);
    expect(unknown.stderr.split("\n")[1]).toBe("user:password: There is no user with the email nobody@example.com.");

    const unset = await tsx("scripts/user-password.ts", "--email", users.email, "--password-env", "NO_SUCH_VARIABLE_SET");
    expect(unset.status).toBe(2);
    expect(unset.stderr).toBe("user:password: --password-env NO_SUCH_VARIABLE_SET: the environment variable NO_SUCH_VARIABLE_SET is unset or empty\n");
  }, 180_000);

  test("owner: opening the database directly while the server holds it is refused, naming the server", async () => {
    const error = await openDatabase({ dataDir }).then(
      () => null,
      (caught: unknown) => caught,
    );
    expect(error).toBeInstanceOf(DataDirLockedError);
    expect((error as DataDirLockedError).owner).toMatchObject({ pid: server.child.pid, url: server.url });
  });

  test("owner: after the server stops, every acknowledged write is in the database and every balance equals its journal", async () => {
    await load.stop();
    expect(load.failures).toEqual([]);
    expect(load.count()).toBeGreaterThan(0);
    server.signal("SIGTERM");
    expect(await server.exited).toEqual({ code: 0, signal: null });
    await checkLedger(load.acknowledged);
    const database = await openDatabase({ dataDir });
    try {
      const [counts] = await queryRows<{ generated: number; users: number }>(
        database.db,
        sql`SELECT (SELECT count(*)::int FROM platform.contacts WHERE bot_id = 11) AS generated,
                   (SELECT count(*)::int FROM dashboard.users WHERE email = ${users.email}) AS users`,
      );
      expect(counts).toEqual({ generated: 3000, users: 1 });
    } finally {
      await database.close();
    }
  }, 180_000);

  test("owner: a SIGKILLed server's lock is gone with it: the next opener takes it at its first attempt, and what it acknowledged is there", async () => {
    const killed = await startServer({ env, readyTimeoutMs: 170_000 });
    try {
      const response = await fetch(`${killed.url}/api/v1/addFundsToContactAccount`, {
        method: "POST",
        headers: { authorization: `Bearer ${KEY}`, accept: "application/json", "content-type": "application/json" },
        body: JSON.stringify({ account_id: ACCOUNTS[0], amount: 1000, description: "before the kill" }),
      });
      expect(response.status).toBe(200);
      load.acknowledged.set(ACCOUNTS[0], load.acknowledged.get(ACCOUNTS[0])! + BigInt(1000));
    } finally {
      killed.signal("SIGKILL");
    }
    expect((await killed.exited).signal).toBe("SIGKILL");
    // One attempt, no retry: the kernel released the lock when the process died.
    await checkLedger(load.acknowledged);
  }, 180_000);

  test("owner: with no server, a script works directly on DATA_DIR; while a process that serves no commands holds it, the script is refused in one line", async () => {
    const holder = await holdDataDir(dataDir);
    try {
      const refused = await tsx("scripts/user-password.ts", "--email", users.email);
      expect(refused.status).toBe(1);
      expect(refused.stdout).toBe("");
      expect(refused.stderr).toMatch(
        new RegExp(
          `^user:password: The data directory ${realDir} is in use by process ${holder.child.pid} \\(node\\), running since [^,]+\\. ` +
            "An embedded database has one owner at a time; nothing was written\\. Wait for it to finish or stop it, or use another DATA_DIR\\.\\n$",
        ),
      );
    } finally {
      holder.child.kill("SIGKILL");
      await holder.exited;
    }
    const direct = await tsx("scripts/user-password.ts", "--email", users.email);
    expect(direct.stderr).toBe(`user:password: directly on the embedded database in ${dataDir} (no server holds it)\n`);
    expect(direct.status).toBe(0);
    expect(direct.stdout).toMatch(RESET_LINK_PRINTED);
  }, 180_000);
});
