import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { assertBuilt, startServer, type ServerInstance } from "@/lib/testing/server";
import { eq, sql } from "drizzle-orm";
import { createTestDatabase, serverDatabaseEnv, type TestDatabase } from "@/lib/db/testing/database";
import { queryRows } from "@/lib/db/client";
import { exportJobs } from "@/lib/db/schema";
import { applyFixtures } from "@/lib/platform/operator/fixtures";
import { seedTenant, uniqueId, type Tenant } from "@/lib/platform/testing/tenants";
import { searchGramCounts, type GramCount } from "@/lib/platform/testing/contacts";
import { createExportJob } from "@/lib/features/contacts/export/jobs";
import { exportFileStream } from "@/lib/features/contacts/export/download";
import { confirmRun, readBatch, requestDryRun } from "@/lib/features/adjustments/batch-store";
import { createMember, validatedBatch } from "@/lib/features/adjustments/testing/batches";

/**
 * The crash test (`npm run test:chaos`): two instances of the production server (`npm start`) on
 * one PostgreSQL server, a mixed load against both (top-ups, debits, contact
 * upserts, an export), one instance killed with SIGKILL mid-way and restarted;
 * then the invariants: balances equal their journals and never go negative,
 * every 2xx the clients saw is in the database, no contact is duplicated, the
 * export holds every selected contact exactly once, and a bulk adjustment run
 * across the kill applied every row exactly once (the journal's batch entries
 * are the succeeded rows, one each). Loopback only.
 */
const serverUrl = process.env.TEST_DATABASE_URL;
const EXPORT_CONTACTS = 40_000;
const ACCOUNTS = 24;
const OPENING_BALANCE = 5_000;
const CLIENTS = 12;
const LOAD_SECONDS = 36;
const MESSENGER_POOL = 400;
const BATCH_ROWS = 3_000;

interface Instance extends ServerInstance {
  name: string;
  alive: boolean;
}

async function startInstance(name: string, database: TestDatabase, apiKey: string): Promise<Instance> {
  const server = await startServer({
    env: (url) => ({
      ...serverDatabaseEnv(database),
      PLATFORM_BASE_URL: url,
      PLATFORM_API_KEY: apiKey,
      PLATFORM_RATE_LIMIT: "1000000",
      NEXTAUTH_SECRET: "chaos-secret-0123456789abcdef0123456789",
      PLATFORM_LOG_REQUESTS: "0",
      DASHBOARD_EXPORT_WORKER: "1",
      DASHBOARD_EXPORT_LOG: "0",
      DASHBOARD_EXPORT_LEASE_SECONDS: "3",
      DASHBOARD_ADJUSTMENT_LEASE_SECONDS: "3",
      DASHBOARD_ADJUSTMENT_IN_FLIGHT_SECONDS: "35",
      DATABASE_POOL_SIZE: "8",
    }),
  });
  return Object.assign(server, { name, alive: true });
}

function kill(instance: Instance, signal: NodeJS.Signals): void {
  instance.alive = false;
  instance.signal(signal);
}

type Operation = "top_up" | "debit" | "upsert";
interface Seen {
  operation: Operation;
  status: number;
  accountId?: number;
  amount?: number;
  balanceAfter?: number;
  contactId?: number;
  messengerId?: string;
}

describe.runIf(serverUrl)("chaos: two instances, a SIGKILL mid-load, and the invariants after", () => {
  let database: TestDatabase;
  let tenant: Tenant;
  let loadBot: number;
  let exportBot: number;
  const accountIds: number[] = [];
  const instances: Instance[] = [];
  let batchId: string;
  const batchRows: { line: number; accountId: number; amount: number; description: string }[] = [];

  beforeAll(async () => {
    assertBuilt();
    database = await createTestDatabase({ poolSize: 4 });
    tenant = await seedTenant(database.db);
    loadBot = tenant.botId;
    exportBot = uniqueId();
    const contacts = Array.from({ length: ACCOUNTS }, (_, i) => ({
      id: uniqueId(),
      bot_id: loadBot,
      messenger: "telegram",
      name: `Holder ${i}`,
      telegram_id: String(900_000 + i),
    }));
    for (let i = 0; i < contacts.length; i++) accountIds.push(uniqueId());
    await applyFixtures(database.db, {
      bots: [{ id: exportBot, project_uuid: tenant.projectUuid, name: "Export bot" }],
      contacts,
      contact_accounts: contacts.map((contact, i) => ({ id: accountIds[i], contact_id: contact.id, currency: "USD", amount: OPENING_BALANCE })),
      generate_contacts: [
        {
          bot_id: exportBot,
          count: EXPORT_CONTACTS,
          messenger: "vk",
          created_from: "2024-01-01T00:00:00Z",
          created_to: "2025-01-01T00:00:00Z",
          preview_every: 25,
        },
      ],
    });
    // Both instances start at once on the same database: migrations run under an advisory lock.
    instances.push(...(await Promise.all([startInstance("A", database, tenant.key), startInstance("B", database, tenant.key)])));

    // A bulk adjustment of top-ups on the load's accounts, checked by the instances' workers, confirmed: it runs during the load.
    const member = await createMember(database.db, "owner");
    const planned = Array.from({ length: BATCH_ROWS }, (_, i) => {
      const index = i % ACCOUNTS;
      const row = { line: i + 2, accountId: accountIds[index], amount: 1 + (i % 97), description: `chaos batch ${i + 2}` };
      batchRows.push(row);
      return { contactId: contacts[index].id, currency: "USD", kind: "top_up" as const, amount: row.amount, description: row.description };
    });
    batchId = await validatedBatch(database.db, member.id, planned);
    await requestDryRun(database.db, batchId);
    const checkBy = Date.now() + 60_000;
    while ((await readBatch(database.db, batchId))?.status !== "checked" && Date.now() < checkBy) await new Promise((resolve) => setTimeout(resolve, 200));
    await confirmRun(database.db, batchId, member);
  }, 180_000);

  afterAll(async () => {
    for (const instance of instances) if (instance.alive) kill(instance, "SIGKILL");
    await Promise.all(instances.map((instance) => instance.exited));
    await database?.close();
  });

  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the parsed JSON answer is read field by field; its shape is what the caller checks
  async function call(instance: Instance, method: string, params: Record<string, unknown>): Promise<{ status: number; body: any }> {
    const response = await fetch(`${instance.url}/api/v1/${method}`, {
      method: "POST",
      headers: { authorization: `Bearer ${tenant.key}`, accept: "application/json", "content-type": "application/json" },
      body: JSON.stringify(params),
      signal: AbortSignal.timeout(15_000),
    });
    return { status: response.status, body: await response.json().catch(() => null) };
  }

  test("chaos: nothing lost, nothing doubled", async () => {
    const job = await createExportJob(database.db, { userId: 1, bot: exportBot, from: null, to: null, tz: "UTC", format: "jsonl", bom: false });
    const readJob = async () => (await database.db.select().from(exportJobs).where(eq(exportJobs.id, job.id)))[0];

    const seen: Seen[] = [];
    let transportFailures = 0;
    const deadline = Date.now() + LOAD_SECONDS * 1000;
    let turn = 0;
    const random = (n: number) => Math.floor(Math.random() * n);

    async function client(): Promise<void> {
      while (Date.now() < deadline) {
        const live = instances.filter((instance) => instance.alive);
        const instance = live[turn++ % live.length];
        const roll = random(10);
        try {
          if (roll < 4) {
            const accountId = accountIds[random(accountIds.length)];
            const amount = 1 + random(300);
            const answer = await call(instance, "addFundsToContactAccount", { account_id: accountId, amount, description: "chaos top-up" });
            seen.push({ operation: "top_up", status: answer.status, accountId, amount, balanceAfter: answer.body?.data?.amount });
          } else if (roll < 8) {
            const accountId = accountIds[random(accountIds.length)];
            const amount = 1 + random(600);
            const answer = await call(instance, "withdrawFundsFromContactAccount", { account_id: accountId, amount, description: "chaos debit" });
            seen.push({ operation: "debit", status: answer.status, accountId, amount, balanceAfter: answer.body?.data?.amount });
          } else {
            const messengerId = String(5_000_000 + random(MESSENGER_POOL));
            const answer = await call(instance, "createOrUpdateContact", {
              bot_id: loadBot,
              messenger: "telegram",
              telegram_id: messengerId,
              name: `Chaos ${random(1000)}`,
            });
            seen.push({ operation: "upsert", status: answer.status, contactId: answer.body?.data?.id, messengerId });
          }
        } catch {
          // The connection died with the instance: the outcome is unknown, and not counted as a 2xx.
          transportFailures++;
        }
      }
    }

    async function conductor(): Promise<{ killed: string; exportRowsAtKill: number; batchRowsAtKill: number }> {
      // Kill the instance that holds the export's lease once the export is under way (or after 12 s), and then
      // (after it restarted) the one that ran the bulk adjustment, if that was the other instance.
      const killBy = Date.now() + 12_000;
      let row = await readJob();
      let batch = await readBatch(database.db, batchId);
      while (Date.now() < killBy && !(row.status === "running" && row.rowsDone >= 5_000 && (batch?.progress.done ?? 0) >= 100)) {
        await new Promise((resolve) => setTimeout(resolve, 100));
        row = await readJob();
        batch = await readBatch(database.db, batchId);
      }
      const [{ owner: batchOwner }] = await queryRows<{ owner: string | null }>(
        database.db,
        sql`SELECT lease_owner AS owner FROM dashboard.adjustment_batches WHERE id = ${batchId}::uuid`,
      );
      const holder = (owner: string | null) =>
        instances.find((instance) => instance.alive && instance.child.pid && (owner ?? "").includes(`:${instance.child.pid}:`));
      const victims = [holder(row.leaseOwner) ?? instances[0]];
      const batchHolder = holder(batchOwner);
      if (batchHolder && batchHolder !== victims[0]) victims.push(batchHolder);
      for (const victim of victims) {
        kill(victim, "SIGKILL");
        await victim.exited;
        await new Promise((resolve) => setTimeout(resolve, 4_000));
        instances.push(await startInstance(`${victim.name}'`, database, tenant.key));
      }
      return { killed: victims.map((victim) => victim.name).join(" then "), exportRowsAtKill: row.rowsDone, batchRowsAtKill: batch?.progress.done ?? 0 };
    }

    const [crash] = await Promise.all([conductor(), ...Array.from({ length: CLIENTS }, client)]);

    const deadlineExport = Date.now() + 120_000;
    let finished = await readJob();
    while (finished.status !== "finished" && finished.status !== "failed" && Date.now() < deadlineExport) {
      await new Promise((resolve) => setTimeout(resolve, 250));
      finished = await readJob();
    }

    const batchBy = Date.now() + 120_000;
    let batch = await readBatch(database.db, batchId);
    while (batch?.status === "running" && Date.now() < batchBy) {
      await new Promise((resolve) => setTimeout(resolve, 250));
      batch = await readBatch(database.db, batchId);
    }

    // 1. Every balance equals the sum of its journal and is never negative.
    const balances = await queryRows<{ id: string; amount: string; journal_sum: string; negative_after: number }>(
      database.db,
      sql`SELECT a.id::text, a.amount::text,
                 COALESCE(sum(CASE WHEN j.kind = 'deposit' THEN j.amount ELSE -j.amount END), 0)::text AS journal_sum,
                 count(*) FILTER (WHERE j.balance_after < 0)::int AS negative_after
          FROM platform.contact_accounts a LEFT JOIN platform.account_journal j ON j.account_id = a.id
          GROUP BY a.id`,
    );
    const unbalanced = balances.filter((row) => row.amount !== row.journal_sum);
    const negative = balances.filter((row) => BigInt(row.amount) < BigInt(0) || row.negative_after > 0);

    // 2. Every 2xx the clients saw is in the database.
    const journal = await queryRows<{ account_id: string; kind: string; amount: string; balance_after: string }>(
      database.db,
      sql`SELECT account_id::text, kind, amount::text, balance_after::text FROM platform.account_journal`,
    );
    const journalKeys = new Map<string, number>();
    for (const entry of journal) {
      const key = `${entry.account_id}:${entry.kind}:${entry.amount}:${entry.balance_after}`;
      journalKeys.set(key, (journalKeys.get(key) ?? 0) + 1);
    }
    const money = seen.filter((s) => s.operation !== "upsert" && s.status === 200);
    // A 200 whose body was cut off by the kill has no balance to match: it must still be in the journal by amount.
    const byAmount = new Map<string, number>();
    for (const entry of journal) {
      const key = `${entry.account_id}:${entry.kind}:${entry.amount}`;
      byAmount.set(key, (byAmount.get(key) ?? 0) + 1);
    }
    const take = (map: Map<string, number>, key: string) => {
      const left = map.get(key) ?? 0;
      map.set(key, left - 1);
      return left > 0;
    };
    const withBalance = money.filter((s) => s.balanceAfter !== undefined);
    const cutOff = money.filter((s) => s.balanceAfter === undefined);
    const missingMoney = [
      ...withBalance.filter((s) => {
        const kind = s.operation === "top_up" ? "deposit" : "debit";
        take(byAmount, `${s.accountId}:${kind}:${s.amount}`);
        return !take(journalKeys, `${s.accountId}:${kind}:${s.amount}:${s.balanceAfter}`);
      }),
      ...cutOff.filter((s) => !take(byAmount, `${s.accountId}:${s.operation === "top_up" ? "deposit" : "debit"}:${s.amount}`)),
    ];
    const upserts = seen.filter((s) => s.operation === "upsert" && (s.status === 200 || s.status === 201));
    const contactRows = await queryRows<{ id: string; messenger_id: string }>(
      database.db,
      sql`SELECT id::text, messenger_id FROM platform.contacts WHERE bot_id = ${loadBot} AND NOT deleted`,
    );
    const contactById = new Map(contactRows.map((row) => [Number(row.id), row.messenger_id]));
    const liveMessengerIds = new Set(contactRows.map((row) => row.messenger_id));
    // As for money: a 2xx whose body the kill cut off must still have its contact, found by messenger id.
    const missingContacts = upserts.filter((s) =>
      s.contactId === undefined ? !liveMessengerIds.has(s.messengerId!) : contactById.get(s.contactId) !== s.messengerId,
    );
    const idsPerMessengerId = new Map<string, Set<number>>();
    for (const s of upserts.filter((u) => u.contactId !== undefined))
      idsPerMessengerId.set(s.messengerId!, (idsPerMessengerId.get(s.messengerId!) ?? new Set()).add(s.contactId!));
    const splitMessengerIds = [...idsPerMessengerId.values()].filter((ids) => ids.size > 1);

    // 3. No contact is duplicated.
    const duplicates = await queryRows<{ n: number }>(
      database.db,
      sql`SELECT count(*)::int AS n FROM (
            SELECT bot_id, messenger, messenger_id FROM platform.contacts WHERE NOT deleted
            GROUP BY bot_id, messenger, messenger_id HAVING count(*) > 1) d`,
    );
    const [subscribers] = await queryRows<{ counted: string; visible: string }>(
      database.db,
      sql`SELECT b.subscriber_count::text AS counted,
                 (SELECT count(*) FROM platform.contacts c WHERE c.bot_id = b.id AND NOT c.preview AND NOT c.deleted)::text AS visible
          FROM platform.bots b WHERE b.id = ${loadBot}`,
    );
    // The three-letter search's substring counters equal a recount: the rows in one list and not the other.
    const grams = await searchGramCounts(database.db);
    const keys = (rows: GramCount[]) => new Set(rows.map((r) => `${r.bot_id} ${r.gram} ${r.visible}`));
    const [countedKeys, recountedKeys] = [keys(grams.counted), keys(grams.recounted)];
    const gramMismatches = [...countedKeys].filter((k) => !recountedKeys.has(k)).length + [...recountedKeys].filter((k) => !countedKeys.has(k)).length;

    // 4. The export has every selected contact exactly once.
    const reader = exportFileStream(database.db, finished).getReader();
    const decoder = new TextDecoder();
    let text = "";
    for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) text += decoder.decode(chunk.value, { stream: true });
    const exported = text
      .split("\n")
      .filter(Boolean)
      .map((line) => (JSON.parse(line) as { id: number }).id);
    const expected = (
      await queryRows<{ id: string }>(
        database.db,
        sql`SELECT id::text FROM platform.contacts WHERE bot_id = ${exportBot} AND NOT preview AND NOT deleted ORDER BY id`,
      )
    ).map((row) => Number(row.id));
    const exportedOnce = new Set(exported).size === exported.length;

    // 5. The bulk adjustment: every row applied exactly once — the journal's entries of the batch are its succeeded rows, one each.
    const batchJournal = await queryRows<{ account_id: string; amount: string; description: string }>(
      database.db,
      sql`SELECT account_id::text, amount::text, description FROM platform.account_journal WHERE description LIKE 'chaos batch %'`,
    );
    const rowOutcomes = await queryRows<{ line: number; run_status: string }>(
      database.db,
      sql`SELECT line, run_status FROM dashboard.adjustment_rows WHERE batch_id = ${batchId}::uuid`,
    );
    const statusByLine = new Map(rowOutcomes.map((row) => [Number(row.line), row.run_status]));
    const batchMismatches = batchRows.filter((row) => {
      const entries = batchJournal.filter((entry) => entry.description === row.description);
      const once = entries.length === 1 && entries[0].account_id === String(row.accountId) && entries[0].amount === String(row.amount);
      return statusByLine.get(row.line) === "succeeded" ? !once : entries.length > 0;
    });
    const succeededSum = batchRows.filter((row) => statusByLine.get(row.line) === "succeeded").reduce((sum, row) => sum + row.amount, 0);
    const journalSum = batchJournal.reduce((sum, entry) => sum + Number(entry.amount), 0);

    const report = {
      instance_killed: crash.killed,
      export_rows_at_kill: crash.exportRowsAtKill,
      requests_answered: seen.length,
      transport_failures_at_kill: transportFailures,
      accounts_checked_balance_equals_journal: `${balances.length - unbalanced.length}/${balances.length}`,
      accounts_never_negative: `${balances.length - negative.length}/${balances.length}`,
      money_2xx_found_in_journal: `${money.length - missingMoney.length}/${money.length} (${cutOff.length} with a body cut off by the kill)`,
      insufficient_funds_refusals: seen.filter((s) => s.operation === "debit" && s.status === 422).length,
      contact_2xx_found: `${upserts.length - missingContacts.length}/${upserts.length}`,
      contacts_created_201: upserts.filter((s) => s.status === 201).length,
      duplicated_contacts: duplicates[0].n,
      subscriber_count_matches: `${subscribers.counted} = ${subscribers.visible}`,
      search_counters_off_recount: gramMismatches,
      export_status: finished.status,
      export_rows: `${exported.length} exported / ${expected.length} selected, each once: ${exportedOnce}`,
      batch: `${batch?.status}, rows at kill ${crash.batchRowsAtKill}, ok ${batch?.progress.ok}/${BATCH_ROWS}, unknown ${batch?.progress.unknown}`,
      batch_journal_equals_succeeded_rows: `${journalSum} = ${succeededSum}, rows not applied exactly once: ${batchMismatches.length}`,
      unexpected_statuses: seen.filter((s) => ![200, 201].includes(s.status) && !(s.operation === "debit" && s.status === 422)).map((s) => s.status),
    };
    console.log(
      `\nchaos invariants\n${Object.entries(report)
        .map(([key, value]) => `  ${key}: ${JSON.stringify(value)}`)
        .join("\n")}\n`,
    );

    expect(money.length).toBeGreaterThan(100);
    expect(upserts.length).toBeGreaterThan(20);
    expect(unbalanced).toEqual([]);
    expect(negative).toEqual([]);
    expect(missingMoney).toEqual([]);
    expect(missingContacts).toEqual([]);
    expect(splitMessengerIds).toEqual([]);
    expect(duplicates[0].n).toBe(0);
    expect(subscribers.counted).toBe(subscribers.visible);
    expect(gramMismatches).toBe(0);
    expect(finished.status).toBe("finished");
    expect(exportedOnce).toBe(true);
    expect(exported.sort((a, b) => a - b)).toEqual(expected);
    expect(report.unexpected_statuses).toEqual([]);
    expect(batch?.status).toBe("finished");
    expect(batchMismatches).toEqual([]);
    expect(journalSum).toBe(succeededSum);
    // A row whose call died with its instance and is not in the journal stays unknown (for a person): at most one per kill.
    expect((batch?.progress.ok ?? 0) + (batch?.progress.unknown ?? 0)).toBe(BATCH_ROWS);
    expect(batch?.progress.unknown ?? 0).toBeLessThanOrEqual(2);
  }, 240_000);
});
