import { afterAll, beforeAll, describe, expect, test } from "vitest";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { Agent, fetch as fetchThrough } from "undici";
import { assertBuilt, startServer, type ServerInstance } from "@/lib/testing/server";
import { freePort } from "@/lib/testing/free-port";
import { selfSignedCertificate, startNginx, type AccessLine, type RunningNginx } from "@/lib/testing/nginx";
import { csrfOf, signInOverHttp } from "@/lib/testing/sign-in";
import { callServerAction, serverActionId } from "@/lib/testing/server-action";
import { createTestDatabase, serverDatabaseEnv, type TestDatabase } from "@/lib/db/testing/database";
import { queryRows } from "@/lib/db/client";
import { applyFixtures } from "@/lib/platform/operator/fixtures";
import { seedTenant, uniqueId, type Tenant } from "@/lib/platform/testing/tenants";
import { createUser } from "@/lib/auth/users";

/**
 * Two instances of the production server (`npm start`, TRUSTED_PROXIES=1) on one PostgreSQL database behind
 * Debian's nginx running deploy/nginx.conf (lib/testing/nginx.ts: loopback ports, a self-signed certificate, a
 * temporary directory), every request through nginx; the dashboard calls its platform through nginx too. Checked
 * through the proxy: the API's rate limit is exact across both instances; the sign-in throttle counts each client
 * address (connections from 127.0.0.2 and 127.0.0.3), not nginx's, and a forged X-Forwarded-For changes nothing;
 * then, with one instance killed (SIGKILL) mid-load: every top-up and debit is applied exactly once or not at all
 * (a lost answer is settled by reading the journal, never by sending it again) and the balances equal them, nginx
 * never replays a POST on the other instance (its logs account for every POST that failed on the killed one), an
 * export's download that the kill cut fails at the client (never a short file taken for whole) and a new download is
 * whole, and an export started through the proxy before the kill finishes with exactly its contacts.
 *
 * Run by scripts/chaos.sh on PostgreSQL directly. Not through PgBouncer: what the pooler can break (the throttle's
 * and the rate limit's statements, the leases, money) has its pooler tests; the proxy is the same either way.
 */
const serverUrl = process.env.TEST_DATABASE_URL;
const throughPooler = Boolean(process.env.TEST_DATABASE_DIRECT_URL);

const RATE_LIMIT = 120;
const OVER_LIMIT = 5;
const MAX_FAILURES_PER_ADDRESS = 4;
/** The first export's file (about 25 MB): far more than the sockets between the instance and a client that stopped reading hold. */
const EXPORT_CONTACTS = 80_000;
/** The second export, running when the instance that holds it is killed. */
const SECOND_EXPORT_CONTACTS = 15_000;
const MONEY_TENANTS = 4;
const ACCOUNTS_PER_TENANT = 3;
const OPENING_BALANCE = 3_000;
/** A money tenant's requests stay under the rate limit even within one window: no 429 in the load. */
const OPS_PER_TENANT = RATE_LIMIT - ACCOUNTS_PER_TENANT - 5;
const CLIENTS = 6;
const PAUSE_MS = 60;
const OPS_AFTER_KILL = 80;
/** Operations sent before the kill at most: what is left is for after it. */
const OPS_BEFORE_KILL = MONEY_TENANTS * OPS_PER_TENANT - OPS_AFTER_KILL - 20;
const PASSWORD = "a long password for the load balancer test";

interface Instance extends ServerInstance {
  name: string;
  alive: boolean;
}

interface MoneyAccount {
  tenant: Tenant;
  contactId: number;
  accountId: number;
}

interface MoneyOperation {
  requestId: string;
  description: string;
  account: MoneyAccount;
  kind: "deposit" | "debit";
  amount: number;
  /** 0: no whole HTTP answer (the connection to nginx broke). */
  status: number;
  balanceAfter?: number;
  code?: string;
  afterKill: boolean;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the parsed JSON answer is read field by field; its shape is what the caller checks
type Answer = { status: number; headers: Headers; body: any };

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe.runIf(serverUrl && !throughPooler)("two instances behind nginx (deploy/nginx.conf), one killed mid-load", () => {
  let database: TestDatabase;
  let dir: string;
  let nginx: RunningNginx;
  let certificatePem: string;
  const instances: Instance[] = [];
  const agents = new Map<string, Agent>();
  let burstTenant: Tenant;
  let dashboardTenant: Tenant;
  let secondBot: number;
  const moneyAccounts: MoneyAccount[] = [];
  let member: { email: string; id: number };
  let memberCookie: string;
  let firstExportId: number;

  /** Connections from `address` (any of 127/8 on Linux's loopback), trusting the test's certificate only. */
  const from = (address: string): Agent => {
    if (!agents.has(address)) agents.set(address, new Agent({ localAddress: address, connect: { ca: certificatePem } }));
    return agents.get(address)!;
  };

  async function api(key: string, method: string, params: Record<string, unknown>, requestId: string): Promise<Answer> {
    const response = await fetchThrough(`${nginx.url}/api/v1/${method}`, {
      method: "POST",
      dispatcher: from("127.0.0.1"),
      headers: { authorization: `Bearer ${key}`, accept: "application/json", "content-type": "application/json", "x-request-id": requestId },
      body: JSON.stringify(params),
    });
    const text = await response.text();
    let body: unknown = null;
    try {
      body = JSON.parse(text);
    } catch {
      body = null;
    }
    return { status: response.status, headers: response.headers as unknown as Headers, body };
  }

  const startExport = async (bot: number): Promise<number> => {
    const answer = await callServerAction<{ ok: boolean; data?: { id: number } }>(
      nginx.url,
      "/contacts",
      serverActionId("lib/features/contacts/actions.ts", "startExportAction"),
      [{ q: null, bot, from: null, to: null, tz: "UTC", format: "jsonl", bom: false, ids: null }],
      { cookie: memberCookie, dispatcher: from("127.0.0.1") },
    );
    expect(answer.status, answer.text.slice(0, 500)).toBe(200);
    expect(answer.result?.ok, answer.text.slice(0, 500)).toBe(true);
    return answer.result!.data!.id;
  };

  const readJob = async (id: number) => {
    const [row] = await queryRows<{ status: string; rows_done: number; lease_owner: string | null }>(
      database.db,
      sql`SELECT status, rows_done::int AS rows_done, lease_owner FROM dashboard.export_jobs WHERE id = ${id}::bigint`,
    );
    return row;
  };

  const waitForJob = async (id: number, timeoutMs: number) => {
    const deadline = Date.now() + timeoutMs;
    let row = await readJob(id);
    while (row.status !== "finished" && row.status !== "failed" && Date.now() < deadline) {
      await sleep(200);
      row = await readJob(id);
    }
    return row;
  };

  /** How a file's ids differ from the selected contacts': none missing, none that was not selected, none twice. */
  const difference = (ids: number[], expected: number[]) => {
    const seen = new Set(ids);
    const wanted = new Set(expected);
    return { missing: expected.filter((id) => !seen.has(id)).length, unexpected: ids.filter((id) => !wanted.has(id)).length, repeated: ids.length - seen.size };
  };

  /** The ids of a JSON Lines export file, in file order. */
  const idsOf = (text: string): number[] =>
    text
      .split("\n")
      .filter(Boolean)
      .map((line) => (JSON.parse(line) as { id: number }).id);

  const instanceAt = (upstream: string | undefined) => instances.find((instance) => upstream === `127.0.0.1:${instance.port}`);
  const lineOf = (requestId: string): AccessLine | undefined => nginx.accessLog().find((line) => line.requestId === requestId);

  beforeAll(async () => {
    assertBuilt();
    database = await createTestDatabase({ poolSize: 4 });
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "load-balancer-"));
    const certificate = selfSignedCertificate(dir);
    certificatePem = certificate.pem;

    burstTenant = await seedTenant(database.db);
    dashboardTenant = await seedTenant(database.db);
    secondBot = uniqueId();
    const generated = (bot_id: number, count: number) => ({
      bot_id,
      count,
      messenger: "telegram",
      created_from: "2024-01-01T00:00:00Z",
      created_to: "2025-01-01T00:00:00Z",
      preview_every: 40,
    });
    await applyFixtures(database.db, {
      bots: [{ id: secondBot, project_uuid: dashboardTenant.projectUuid, name: "Second export bot" }],
      generate_contacts: [generated(dashboardTenant.botId, EXPORT_CONTACTS), generated(secondBot, SECOND_EXPORT_CONTACTS)],
    });
    for (let t = 0; t < MONEY_TENANTS; t++) {
      const accounts = Array.from({ length: ACCOUNTS_PER_TENANT }, () => ({ contactId: uniqueId(), accountId: uniqueId() }));
      const tenant = await seedTenant(database.db);
      await applyFixtures(database.db, {
        contacts: accounts.map(({ contactId }, i) => ({
          id: contactId,
          bot_id: tenant.botId,
          messenger: "telegram",
          name: `Holder ${i}`,
          telegram_id: String(contactId),
        })),
        contact_accounts: accounts.map(({ contactId, accountId }) => ({ id: accountId, contact_id: contactId, currency: "USD", amount: OPENING_BALANCE })),
      });
      moneyAccounts.push(...accounts.map((account) => ({ tenant, ...account })));
    }
    const created = await createUser(database.db, { email: `owner${uniqueId()}@example.com`, role: "owner", password: PASSWORD });
    member = { email: created.user.email, id: created.user.id };

    // nginx's port first: the instances' dashboards call their platform through it.
    const httpsPort = await freePort();
    const env = {
      ...serverDatabaseEnv(database),
      TRUSTED_PROXIES: "1",
      PLATFORM_RATE_LIMIT: String(RATE_LIMIT),
      PLATFORM_BASE_URL: `https://127.0.0.1:${httpsPort}`,
      PLATFORM_API_KEY: dashboardTenant.key,
      // The dashboard's platform calls go through nginx, whose certificate only the test knows.
      NODE_EXTRA_CA_CERTS: certificate.cert,
      NEXTAUTH_SECRET: "load-balancer-secret-0123456789abcdef0123",
      // The public address, as in production (README): next-auth's cookies and the pages' check of them agree on Secure.
      NEXTAUTH_URL: `https://127.0.0.1:${httpsPort}`,
      DASHBOARD_SIGNIN_MAX_FAILURES_PER_ADDRESS: String(MAX_FAILURES_PER_ADDRESS),
      DASHBOARD_EXPORT_LEASE_SECONDS: "3",
      DASHBOARD_EXPORT_LOG: "0",
      PLATFORM_LOG_REQUESTS: "0",
      DATABASE_POOL_SIZE: "6",
    };
    const started = await Promise.all(["A", "B"].map((name) => startServer({ env }).then((server) => Object.assign(server, { name, alive: true }))));
    instances.push(...started);
    nginx = await startNginx({ dir, upstreams: instances.map((instance) => `127.0.0.1:${instance.port}`), certificate, httpsPort });

    const signedIn = await signInOverHttp(nginx.url, member.email, PASSWORD, { dispatcher: from("127.0.0.4") });
    expect(signedIn.status, signedIn.body).toBe(200);
    memberCookie = signedIn.cookie;
    // The first export runs while the rate limit and the throttle are checked; its file is downloaded across the kill.
    firstExportId = await startExport(dashboardTenant.botId);
  }, 120_000);

  afterAll(async () => {
    for (const instance of instances) if (instance.alive) instance.signal("SIGKILL");
    await Promise.all(instances.map((instance) => instance.exited));
    await nginx?.stop();
    await Promise.all([...agents.values()].map((agent) => agent.destroy()));
    await database?.close();
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
  });

  test("through nginx over HTTPS: a page carries HSTS (X-Forwarded-Proto reached the app); plain HTTP is sent to HTTPS", async () => {
    const page = await fetchThrough(`${nginx.url}/login`, { dispatcher: from("127.0.0.1") });
    expect(page.status).toBe(200);
    expect(page.headers.get("strict-transport-security")).toMatch(/max-age=\d+/);
    await page.arrayBuffer();
    const plain = await fetchThrough(`${nginx.httpUrl}/login`, { redirect: "manual", dispatcher: from("127.0.0.1") });
    expect(plain.status).toBe(301);
    expect(plain.headers.get("location")).toBe("https://127.0.0.1/login");
  });

  test("rate limit through nginx: RATE_LIMIT + 5 requests at once over both instances → exactly RATE_LIMIT answered, 5 refused with 429", async () => {
    // All in one window: wait for the next minute when fewer than 8 s of this one are left.
    const [{ left }] = await queryRows<{ left: number }>(database.db, sql`SELECT 60 - extract(second FROM clock_timestamp())::float8 AS left`);
    if (left < 8) await sleep((left + 1) * 1000);
    const answers = await Promise.all(Array.from({ length: RATE_LIMIT + OVER_LIMIT }, (_, i) => api(burstTenant.key, "getMe", {}, `burst-${i}`)));

    const answered = answers.filter((answer) => answer.status === 200);
    const refused = answers.filter((answer) => answer.status === 429);
    expect(answered).toHaveLength(RATE_LIMIT);
    expect(refused).toHaveLength(OVER_LIMIT);
    expect(new Set(answers.map((answer) => answer.headers.get("x-ratelimit-reset"))).size).toBe(1);
    expect(answers.every((answer) => answer.headers.get("x-ratelimit-limit") === String(RATE_LIMIT))).toBe(true);
    // Each answered request took its own place in the window: remaining RATE_LIMIT-1 … 0, once each.
    expect(answered.map((answer) => Number(answer.headers.get("x-ratelimit-remaining"))).sort((a, b) => a - b)).toEqual(
      Array.from({ length: RATE_LIMIT }, (_, i) => i),
    );
    for (const answer of refused) {
      expect(answer.body).toEqual({ message: "Too Many Attempts." });
      expect(answer.headers.get("x-ratelimit-remaining")).toBe("0");
      const retryAfter = Number(answer.headers.get("retry-after"));
      expect(Number.isInteger(retryAfter) && retryAfter >= 1 && retryAfter <= 60).toBe(true);
    }
    // nginx spread them over both instances: the count is shared, not per instance.
    const served = new Map<string, number>();
    for (const line of nginx.accessLog().filter((entry) => entry.requestId.startsWith("burst-"))) {
      expect(line.upstreams).toHaveLength(1);
      served.set(line.upstreams[0], (served.get(line.upstreams[0]) ?? 0) + 1);
    }
    expect([...served.keys()].sort()).toEqual(instances.map((instance) => `127.0.0.1:${instance.port}`).sort());
    expect([...served.values()].reduce((sum, n) => sum + n, 0)).toBe(RATE_LIMIT + OVER_LIMIT);
  });

  test("sign-in throttle through nginx: counted per client address, not nginx's; a forged X-Forwarded-For does not escape it", async () => {
    // The first export's worker calls the platform through nginx; with it done, nothing else takes turns in the round-robin.
    expect((await waitForJob(firstExportId, 60_000)).status).toBe("finished");
    const fromTwo = from("127.0.0.2");
    const fromThree = from("127.0.0.3");
    // One CSRF token per browser, reused: every request below is a sign-in, and the sign-ins alternate between the instances.
    const [csrfTwo, csrfThree] = await Promise.all([csrfOf(nginx.url, fromTwo), csrfOf(nginx.url, fromThree)]);
    const fail = (dispatcher: Agent, csrf: typeof csrfTwo, headers: Record<string, string> = {}) =>
      signInOverHttp(nginx.url, `nobody${uniqueId()}@example.com`, "wrong password", { dispatcher, csrf, headers });

    // Failures for other accounts each: only the address is common to them. The fourth locks it.
    for (let n = 1; n < MAX_FAILURES_PER_ADDRESS; n++) expect((await fail(fromTwo, csrfTwo)).error).toBe("invalid_credentials");
    const locking = await fail(fromTwo, csrfTwo);
    expect(locking.status).toBe(429);
    expect(locking.error).toMatch(/^throttled:\d+$/);
    expect(Number(locking.retryAfter)).toBeGreaterThan(0);
    // What the client writes into X-Forwarded-For comes before nginx's entry and is never read.
    for (const forged of ["127.0.0.3", "198.51.100.7", "198.51.100.7, 127.0.0.3"]) {
      const answer = await fail(fromTwo, csrfTwo, { "x-forwarded-for": forged });
      expect(answer.error, forged).toMatch(/^throttled:\d+$/);
    }
    // Another address is not throttled, through the same nginx, on the same instances.
    expect((await fail(fromThree, csrfThree)).error).toBe("invalid_credentials");
    const memberFromThree = await signInOverHttp(nginx.url, member.email, PASSWORD, { dispatcher: fromThree, csrf: csrfThree });
    expect(memberFromThree.status).toBe(200);
    expect(memberFromThree.error).toBeNull();
    expect(memberFromThree.cookie).toMatch(/session-token=/);

    const counts = await queryRows<{ scope: string; failures: number; locked: boolean }>(
      database.db,
      sql`SELECT scope, failures::int AS failures, coalesce(locked_until > clock_timestamp(), false) AS locked
          FROM dashboard.sign_in_throttles WHERE starts_with(scope, 'ip:') ORDER BY scope`,
    );
    // 127.0.0.4 signed the member in before (its attempt given back), 127.0.0.3 failed once and signed in; nginx's
    // own address (127.0.0.1) and the forged ones were never counted.
    expect(counts).toEqual([
      { scope: "ip:127.0.0.2", failures: MAX_FAILURES_PER_ADDRESS, locked: true },
      { scope: "ip:127.0.0.3", failures: 1, locked: false },
      { scope: "ip:127.0.0.4", failures: 0, locked: false },
    ]);
    // The sign-ins from 127.0.0.2 were answered by both instances: the throttle is shared through the database.
    const signIns = nginx.accessLog().filter((line) => line.remoteAddress === "127.0.0.2" && line.path === "/api/auth/callback/credentials");
    expect(signIns).toHaveLength(MAX_FAILURES_PER_ADDRESS + 3);
    expect(new Set(signIns.map((line) => line.upstreams.join(" "))).size).toBe(2);
  });

  test("SIGKILL of one instance mid-load: money exact, no POST replayed, a cut download refused and whole again, the export finishes", async () => {
    const idsOfBot = async (bot: number) =>
      (await queryRows<{ id: string }>(database.db, sql`SELECT id::text FROM platform.contacts WHERE bot_id = ${bot} AND NOT preview AND NOT deleted`)).map(
        (row) => Number(row.id),
      );
    const expectedIds = await idsOfBot(dashboardTenant.botId);
    const expectedSecondIds = await idsOfBot(secondBot);
    expect(expectedIds.length).toBeGreaterThan(EXPORT_CONTACTS * 0.9);

    // Two downloads of the first export, one after the other: nginx's round-robin gives one to each instance. Each
    // reads its first bytes and waits: whichever instance is killed, one download is cut mid-file.
    const download = (jobId: number, requestId: string) =>
      fetchThrough(`${nginx.url}/api/dashboard/contacts/exports/${jobId}/download`, {
        dispatcher: from("127.0.0.1"),
        headers: { cookie: memberCookie, "x-request-id": requestId },
      });
    const held: { requestId: string; reader: ReadableStreamDefaultReader<Uint8Array>; bytes: Uint8Array[] }[] = [];
    for (const requestId of ["download-1", "download-2"]) {
      const response = await download(firstExportId, requestId);
      expect(response.status).toBe(200);
      const reader = response.body!.getReader() as ReadableStreamDefaultReader<Uint8Array>;
      const first = await reader.read();
      held.push({ requestId, reader, bytes: first.value ? [first.value] : [] });
    }

    // The second export, started through nginx by the dashboard's own action; its worker reads the platform through nginx.
    const secondExportId = await startExport(secondBot);

    const operations: MoneyOperation[] = [];
    const used = new Map<Tenant, number>();
    let killed = false;
    let sequence = 0;
    const startedAfterKill = () => operations.filter((operation) => operation.afterKill).length;
    async function client(): Promise<void> {
      for (;;) {
        if (killed && startedAfterKill() >= OPS_AFTER_KILL) return;
        if (!killed && sequence >= OPS_BEFORE_KILL) {
          await sleep(PAUSE_MS);
          continue;
        }
        const open = moneyAccounts.filter((account) => (used.get(account.tenant) ?? 0) < OPS_PER_TENANT);
        if (open.length === 0) return;
        const account = open[Math.floor(Math.random() * open.length)];
        used.set(account.tenant, (used.get(account.tenant) ?? 0) + 1);
        const n = ++sequence;
        const kind = Math.random() < 0.5 ? "deposit" : "debit";
        const operation: MoneyOperation = {
          requestId: `money-${n}`,
          description: `load balancer ${n}`,
          account,
          kind,
          amount: 1 + Math.floor(Math.random() * (kind === "deposit" ? 400 : 900)),
          status: 0,
          afterKill: killed,
        };
        operations.push(operation);
        try {
          const answer = await api(
            account.tenant.key,
            kind === "deposit" ? "addFundsToContactAccount" : "withdrawFundsFromContactAccount",
            { account_id: account.accountId, amount: operation.amount, description: operation.description },
            operation.requestId,
          );
          operation.status = answer.status;
          operation.balanceAfter = answer.body?.data?.amount;
          operation.code = answer.body?.code;
        } catch {
          operation.status = 0;
        }
        await sleep(PAUSE_MS);
      }
    }

    async function conductor(): Promise<{ victim: Instance; exportRowsAtKill: number; exportHolderKilled: boolean }> {
      // Kill once the second export is under way and money is moving (or after 15 s): the instance that holds
      // the export's lease, so that the other must take it over.
      const killBy = Date.now() + 15_000;
      let job = await readJob(secondExportId);
      while (Date.now() < killBy && !(job.status === "running" && job.rows_done >= 2_000 && operations.length >= 40)) {
        await sleep(100);
        job = await readJob(secondExportId);
      }
      const holder = instances.find((instance) => instance.child.pid && (job.lease_owner ?? "").includes(`:${instance.child.pid}:`));
      const victim = holder ?? instances[0];
      victim.alive = false;
      victim.signal("SIGKILL");
      await victim.exited;
      killed = true;
      return { victim, exportRowsAtKill: job.rows_done, exportHolderKilled: Boolean(holder) };
    }

    const [crash] = await Promise.all([conductor(), ...Array.from({ length: CLIENTS }, client)]);
    const survivor = instances.find((instance) => instance !== crash.victim)!;
    const victimAddress = `127.0.0.1:${crash.victim.port}`;

    // The held downloads go on: the victim's is cut, and the client's read fails (nginx closes the connection before
    // the last chunk); asked for again, it comes whole from the survivor.
    const downloads: { requestId: string; upstream: string | undefined; cut: boolean; retriedUpstream?: string; ids: number[] }[] = [];
    for (const entry of held) {
      let cut = false;
      try {
        for (let chunk = await entry.reader.read(); !chunk.done; chunk = await entry.reader.read()) entry.bytes.push(chunk.value);
      } catch {
        cut = true;
      }
      let text = Buffer.concat(entry.bytes).toString("utf8");
      let retriedUpstream: string | undefined;
      if (cut) {
        const again = await download(firstExportId, `${entry.requestId}-again`);
        expect(again.status).toBe(200);
        text = await again.text();
        retriedUpstream = lineOf(`${entry.requestId}-again`)?.upstreams.at(-1);
      }
      downloads.push({ requestId: entry.requestId, upstream: lineOf(entry.requestId)?.upstreams.at(-1), cut, retriedUpstream, ids: idsOf(text) });
    }

    const second = await waitForJob(secondExportId, 90_000);
    const secondDownload = await download(secondExportId, "download-second");
    expect(secondDownload.status).toBe(200);
    const secondIds = idsOf(await secondDownload.text());

    // Money, settled by reading: the journal entries of the load, by their unique descriptions.
    const journal = await queryRows<{ account_id: string; kind: string; amount: string; balance_after: string; description: string }>(
      database.db,
      sql`SELECT account_id::text, kind, amount::text, balance_after::text, description FROM platform.account_journal
          WHERE starts_with(description, 'load balancer ')`,
    );
    const entriesOf = new Map<string, typeof journal>();
    for (const entry of journal) entriesOf.set(entry.description, [...(entriesOf.get(entry.description) ?? []), entry]);
    const sent = new Set(operations.map((operation) => operation.description));
    const unknownEntries = journal.filter((entry) => !sent.has(entry.description));
    const wrong: { operation: string; status: number; entries: number; why: string }[] = [];
    const applied: MoneyOperation[] = [];
    // An answer lost with the instance: nginx's 502, or (had the instance died mid-answer) no answer or no body.
    const lost = (operation: MoneyOperation) =>
      operation.status === 502 || operation.status === 0 || (operation.status === 200 && operation.balanceAfter === undefined);
    for (const operation of operations) {
      const entries = entriesOf.get(operation.description) ?? [];
      const fail = (why: string) => wrong.push({ operation: operation.description, status: operation.status, entries: entries.length, why });
      const matches = (entry: (typeof journal)[number]) =>
        entry.account_id === String(operation.account.accountId) && entry.kind === operation.kind && entry.amount === String(operation.amount);
      if (entries.length > 1) fail("applied more than once");
      else if (lost(operation)) {
        // Unknown until the journal says whether it went through.
        if (lineOf(operation.requestId)?.upstreams.at(-1) !== victimAddress) fail("an answer lost that was not the killed instance's");
        if (entries.length === 1) {
          if (!matches(entries[0])) fail("settled entry does not match");
          else applied.push(operation);
        }
      } else if (operation.status === 200) {
        if (entries.length !== 1 || !matches(entries[0]) || entries[0].balance_after !== String(operation.balanceAfter))
          fail("acknowledged, not in the journal as answered");
        else applied.push(operation);
      } else if (operation.status === 422) {
        if (entries.length !== 0 || operation.kind !== "debit" || operation.code !== "insufficient_funds")
          fail("refused, yet applied (or refused for another reason)");
      } else fail("unexpected status");
    }
    const balances = await queryRows<{ id: string; amount: string; journal_sum: string }>(
      database.db,
      sql`SELECT a.id::text, a.amount::text,
                 COALESCE(sum(CASE WHEN j.kind = 'deposit' THEN j.amount ELSE -j.amount END), 0)::text AS journal_sum
          FROM platform.contact_accounts a LEFT JOIN platform.account_journal j ON j.account_id = a.id
          WHERE a.id = ANY(${sql.param(moneyAccounts.map((account) => account.accountId))}::bigint[])
          GROUP BY a.id ORDER BY a.id`,
    );
    const expectedBalance = (account: MoneyAccount) =>
      applied
        .filter((operation) => operation.account === account)
        .reduce((sum, operation) => sum + (operation.kind === "deposit" ? operation.amount : -operation.amount), OPENING_BALANCE);
    // And as a client reads them, through nginx, from the survivor.
    const readBack = await Promise.all(
      moneyAccounts.map(async (account) => {
        const answer = await api(account.tenant.key, "getContactAccounts", { contact_id: account.contactId }, `read-${account.accountId}`);
        return { accountId: account.accountId, status: answer.status, amount: answer.body?.data?.[0]?.amount as number | undefined };
      }),
    );

    const jobs = await queryRows<{ id: string; megabytes: number; seconds: number; waits: number }>(
      database.db,
      sql`SELECT id::text, round(bytes_done / 1e6, 1)::float8 AS megabytes, round(extract(epoch FROM finished_at - created_at), 1)::float8 AS seconds,
                 wait_count AS waits
          FROM dashboard.export_jobs ORDER BY id`,
    );
    const log = nginx.accessLog();
    const moneyLines = log.filter((line) => line.requestId.startsWith("money-"));
    // nginx's error log says what happened to each money POST that failed on the victim: refused at connect (not
    // sent: passed to the survivor), or lost once sent (never passed on: the client got it as lost).
    const moneyErrors = nginx
      .errorLog()
      .filter((line) => line.includes("[error]") && /request: "POST \/api\/v1\/(addFundsToContactAccount|withdrawFundsFromContactAccount) /.test(line));
    const refusedAtConnect = moneyErrors.filter((line) => line.includes(" while connecting to upstream")).length;
    const lostOnceSent = moneyErrors.filter((line) =>
      / while (sending request to upstream|reading response header from upstream|reading upstream)/.test(line),
    ).length;
    const report = {
      instance_killed: `${crash.victim.name} (${crash.exportHolderKilled ? "held the second export's lease" : "no lease seen"}, export rows at kill ${crash.exportRowsAtKill})`,
      money_operations: operations.length,
      after_kill: operations.filter((operation) => operation.afterKill).length,
      statuses: Object.fromEntries(
        [...new Set(operations.map((operation) => operation.status))].map((status) => [status, operations.filter((o) => o.status === status).length]),
      ),
      answers_lost: `${operations.filter(lost).length}, of which applied: ${operations.filter((operation) => lost(operation) && applied.includes(operation)).length}`,
      refused_at_connect_and_passed_on: `${refusedAtConnect} (${moneyLines.filter((line) => line.upstreams.length === 2).length} answered by the survivor)`,
      lost_once_sent: lostOnceSent,
      downloads: downloads.map((entry) => ({
        id: entry.requestId,
        on: instanceAt(entry.upstream)?.name,
        cut: entry.cut,
        again_on: instanceAt(entry.retriedUpstream)?.name,
        rows: entry.ids.length,
      })),
      second_export: `${second.status}, ${secondIds.length}/${expectedSecondIds.length} rows`,
      export_jobs: jobs,
    };
    console.log(
      `\nload balancer invariants\n${Object.entries(report)
        .map(([key, value]) => `  ${key}: ${JSON.stringify(value)}`)
        .join("\n")}\n`,
    );

    expect(startedAfterKill()).toBeGreaterThanOrEqual(OPS_AFTER_KILL);
    expect(wrong).toEqual([]);
    expect(unknownEntries).toEqual([]);
    expect(balances.map((row) => row.amount)).toEqual(balances.map((row) => row.journal_sum));
    for (const account of moneyAccounts) {
      const row = balances.find((balance) => balance.id === String(account.accountId));
      expect(row?.amount, `account ${account.accountId}`).toBe(String(expectedBalance(account)));
      expect(readBack.find((entry) => entry.accountId === account.accountId)).toEqual({
        accountId: account.accountId,
        status: 200,
        amount: expectedBalance(account),
      });
    }
    // What nginx passed on to the survivor: only requests whose connection the victim refused, so never sent to it.
    for (const line of moneyLines.filter((entry) => entry.upstreams.length === 2))
      expect(line.upstreams).toEqual([victimAddress, `127.0.0.1:${survivor.port}`]);
    expect(moneyLines.filter((line) => line.upstreams.length === 2)).toHaveLength(refusedAtConnect);
    // Every POST lost after it was sent reached the client as lost: none was sent again to the survivor.
    expect(operations.filter(lost)).toHaveLength(lostOnceSent);

    // The downloads: one on each instance; the victim's cut and refused by the client, then whole from the survivor.
    expect(downloads.map((entry) => entry.upstream).sort()).toEqual(instances.map((instance) => `127.0.0.1:${instance.port}`).sort());
    for (const entry of downloads) {
      expect(entry.cut, entry.requestId).toBe(entry.upstream === victimAddress);
      if (entry.cut) expect(entry.retriedUpstream).toBe(`127.0.0.1:${survivor.port}`);
      expect(difference(entry.ids, expectedIds), entry.requestId).toEqual({ missing: 0, unexpected: 0, repeated: 0 });
    }
    expect(second.status).toBe("finished");
    expect(difference(secondIds, expectedSecondIds)).toEqual({ missing: 0, unexpected: 0, repeated: 0 });
  }, 180_000);
});
