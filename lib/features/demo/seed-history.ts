import "server-only";
import { sql } from "drizzle-orm";
import { queryRows, type Db } from "@/lib/db/client";
import { addListItem, PlatformClient } from "@/lib/api";
import { config } from "@/lib/core/config.mjs";
import type { Role } from "@/lib/auth/permissions";
import { serveApiOnLoopback } from "@/lib/platform/node-handler";
import { moveFunds, type Movement } from "@/lib/platform/accounts/ledger";
import { ValidationError } from "@/lib/platform/errors";
import { translator } from "@/lib/platform/i18n";
import { applyFixtures } from "@/lib/platform/operator/fixtures";
import { DEMO_HOLDER_ID, HISTORY_DAYS, HISTORY_SEED } from "@/lib/dashboard/demo-data";
import { apportion, dayWeight, demoRandom, historyDays, momentOf, type DemoRandom } from "@/lib/dashboard/demo-rhythm";
import { recordAuditEntry, type Actor } from "@/lib/features/ledger/audit";
import { rememberContactNames } from "@/lib/features/contacts/contact-names";
import { createSavedView } from "@/lib/features/contacts/saved-views/store";
import { SaveViewSchema } from "@/lib/features/contacts/saved-views/forms";
import { createExportJob } from "@/lib/features/contacts/export/jobs";
import { ExportWorker } from "@/lib/features/contacts/export/worker";
import { confirmRun, requestDryRun } from "@/lib/features/adjustments/batch-store";
import { uploadAdjustmentFile } from "@/lib/features/adjustments/upload";
import { AdjustmentWorker } from "@/lib/features/adjustments/worker";

/**
 * The demo's history, written through the code that writes it in use, into a platform that was just seeded
 * (lib/dashboard/demo-data.ts, contacts over the last HISTORY_DAYS days):
 *
 * - accounts in USD, EUR, JPY and KWD for a few hundred contacts, each opened on its contact's first day;
 * - top-ups and debits on most days through the platform's ledger (moveFunds: the balance and its journal line in
 *   one statement, dated when they happened), more on busy days, fewer on weekends;
 * - the three members' own top-ups and debits over the last weeks, each with its audit entry (the Activity page);
 * - a bulk adjustment uploaded as a CSV file, checked and run by the adjustment worker to its end (its result file
 *   downloadable), the owner's export run by the export worker, two saved views, and records in two lists — over HTTP to
 *   the platform (the gateway on a loopback port), as the server does it.
 *
 * The dice are seeded (HISTORY_SEED): a fresh demo holds the same history on every run, its dates moved to today.
 */
export interface DemoMember {
  id: number;
  email: string;
  name: string;
  role: Role;
}

export interface HistoryOptions {
  apiKey: string;
  /** One member of each role: owner, lead and support. */
  members: DemoMember[];
  now: Date;
  /** Accounts opened for generated contacts (fewer when there are fewer contacts). */
  accounts?: number;
  /** Top-ups and debits made by the bots over the history. */
  movements?: number;
  /** Told what is done, with the seconds it took. */
  log?: (line: string) => void;
}

export interface HistorySummary {
  accounts: number;
  movements: number;
  activity: number;
  batchId: string | null;
  exportId: number | null;
  listRecords: number;
}

const CURRENCIES = [
  { code: "USD", share: 0.45, topUp: [500, 20_000], digits: 2 },
  { code: "EUR", share: 0.3, topUp: [500, 15_000], digits: 2 },
  { code: "JPY", share: 0.15, topUp: [500, 20_000], digits: 0 },
  { code: "KWD", share: 0.1, topUp: [1_000, 60_000], digits: 3 },
] as const;
type Currency = (typeof CURRENCIES)[number]["code"];

const FIRST_ACCOUNT_ID = 2001;
/** The hand-written contacts' accounts a member may move money on (1005 is blocked). */
const HAND_WRITTEN_ACCOUNTS = [
  { id: 1001, contactId: 1, currency: "USD" },
  { id: 1002, contactId: 1, currency: "EUR" },
  { id: 1003, contactId: 2, currency: "JPY" },
  { id: 1004, contactId: 6, currency: "KWD" },
  { id: 1006, contactId: 4, currency: "USD" },
] as const;

const TOP_UP_TEXTS = ["Top-up in the bot", "Card payment", "Bonus for a review", "Referral bonus", "Cashback"];
const DEBIT_TEXTS = ["Order", "Subscription renewal", "Delivery fee", "Gift card", "Service fee"];
const MEMBER_TOP_UPS = ["Refund: damaged parcel", "Goodwill credit", "Compensation for a late delivery", "Refund: double charge"];
const MEMBER_DEBITS = ["Correction of a duplicate top-up", "Manual order", "Chargeback", "Correction: bonus given twice"];
/** The last days members worked in the dashboard. */
const ACTIVITY_DAYS = 28;

interface Account {
  id: number;
  contactId: number;
  name: string;
  currency: Currency;
  openedAt: Date;
  balance: bigint;
}

interface PlannedMove {
  at: Date;
  kind: Movement;
  account: Account;
  amount: bigint;
  description: string;
  /** A member's operation (audited); null: a bot's call of the API. */
  member: DemoMember | null;
}

export async function seedDemoHistory(db: Db, options: HistoryOptions): Promise<HistorySummary> {
  let started = performance.now();
  const step = (what: string) => {
    options.log?.(`  ${what} (${((performance.now() - started) / 1000).toFixed(1)} s)`);
    started = performance.now();
  };
  const random = demoRandom(HISTORY_SEED + 1);
  const accounts = await openAccounts(db, options, random);
  step(`${accounts.length} accounts`);
  const planned = planMovements(accounts, options, random);
  const activity = await performMovements(db, planned);
  step(`${planned.length} movements, ${activity} of them by members`);
  const platform = await serveApiOnLoopback(db, { rateLimit: config().platform.rateLimit });
  try {
    const api = new PlatformClient({ db, baseUrl: platform.baseUrl, apiKey: options.apiKey, lane: "background" });
    const connect = async (database: Db) => new PlatformClient({ db: database, baseUrl: platform.baseUrl, apiKey: options.apiKey });
    const listRecords = await addListRecords(api, options.now, accounts);
    step(`${listRecords} list records`);
    const batchId = await runAdjustmentBatch(db, connect, options, accounts);
    step("a bulk adjustment");
    const exportId = await runExport(db, connect, options);
    step("an export");
    await saveViews(db, options);
    return { accounts: accounts.length, movements: planned.length, activity, batchId, exportId, listRecords };
  } finally {
    await platform.close();
  }
}

const memberOf = (options: HistoryOptions, role: Role) => options.members.find((member) => member.role === role) ?? options.members[0];

/** Accounts for every n-th generated contact, in its contact's first hour, with a zero balance (no journal line). */
async function openAccounts(db: Db, options: HistoryOptions, random: DemoRandom): Promise<Account[]> {
  const wanted = options.accounts ?? 300;
  const [{ n }] = await queryRows<{ n: number }>(db, sql`SELECT count(*)::int AS n FROM platform.contacts WHERE id > 6 AND NOT deleted`);
  const step = Math.max(1, Math.floor(Number(n) / wanted));
  const contacts = await queryRows<{ id: string; name: string; created_at: Date | string }>(
    db,
    sql`SELECT id::text AS id, name, created_at FROM platform.contacts
        WHERE id > 6 AND NOT deleted AND (id - 7) % ${step} = 0 ORDER BY id LIMIT ${wanted}`,
  );
  const accounts: Account[] = contacts.map((contact, index) => {
    const roll = random.next();
    let sum = 0;
    const currency = CURRENCIES.find((entry) => (sum += entry.share) > roll)?.code ?? "USD";
    const openedAt = new Date(Math.min(new Date(contact.created_at).getTime() + 10 * 60_000, options.now.getTime() - 60_000));
    return { id: FIRST_ACCOUNT_ID + index, contactId: Number(contact.id), name: contact.name, currency, openedAt, balance: BigInt(0) };
  });
  if (accounts.length > 0) {
    await applyFixtures(db, {
      contact_accounts: accounts.map((account) => ({
        id: account.id,
        contact_id: account.contactId,
        currency: account.currency,
        amount: 0,
        created_at: account.openedAt.toISOString(),
      })),
    });
  }
  return accounts;
}

function amountFor(currency: Currency, random: DemoRandom): bigint {
  const [min, max] = CURRENCIES.find((entry) => entry.code === currency)!.topUp;
  // Round amounts, as people pay them: whole units of the currency's smallest step that people use.
  const unit = currency === "JPY" ? 100 : currency === "KWD" ? 500 : 50;
  return BigInt(Math.max(unit, Math.round(random.between(min, max) / unit) * unit));
}

/**
 * The bots' movements over every day (apportioned by the day's weight), then the members' over the last weeks, in
 * time order; a debit takes part of what the account holds at that moment, so the ledger never refuses one.
 */
function planMovements(accounts: Account[], options: HistoryOptions, random: DemoRandom): PlannedMove[] {
  if (accounts.length === 0) return [];
  const { now } = options;
  const days = historyDays(now, HISTORY_DAYS);
  const perDay = apportion(
    options.movements ?? 3000,
    days.map((day, index) => dayWeight(day, index, days.length, random)),
  );
  type Draft = { at: Date; member: DemoMember | null; topUp: boolean; text: string };
  const drafts: Draft[] = [];
  days.forEach((day, index) => {
    for (let i = 0; i < perDay[index]; i++) {
      const topUp = random.next() < 0.55;
      drafts.push({ at: momentOf(day, random.next(), now), member: null, topUp, text: random.pick(topUp ? TOP_UP_TEXTS : DEBIT_TEXTS) });
    }
    const weekday = day.getUTCDay();
    if (index >= days.length - ACTIVITY_DAYS && weekday !== 0 && weekday !== 6) {
      for (let i = random.between(1, 4); i > 0; i--) {
        const roll = random.next();
        const member = memberOf(options, roll < 0.2 ? "owner" : roll < 0.55 ? "lead" : "support");
        const topUp = random.next() < 0.6;
        drafts.push({ at: momentOf(day, random.next(), now), member, topUp, text: random.pick(topUp ? MEMBER_TOP_UPS : MEMBER_DEBITS) });
      }
    }
  });
  drafts.sort((a, b) => a.at.getTime() - b.at.getTime());
  const handWritten: Account[] = HAND_WRITTEN_ACCOUNTS.map((entry) => ({ ...entry, name: "", openedAt: days[0], balance: BigInt(0) }));
  const planned: PlannedMove[] = [];
  for (const draft of drafts) {
    const open = accounts.filter((account) => account.openedAt <= draft.at);
    if (open.length === 0) continue;
    // Members mostly help the contacts everyone knows (the hand-written ones); the bots serve everyone.
    const pool = draft.member && random.next() < 0.4 ? handWritten : open;
    const account = random.pick(pool);
    let kind: Movement = draft.topUp || account.balance === BigInt(0) ? "deposit" : "debit";
    if (account.id < FIRST_ACCOUNT_ID && kind === "debit") kind = "deposit";
    const amount =
      kind === "deposit" ? amountFor(account.currency, random) : (account.balance * BigInt(random.between(20, 100))) / BigInt(100) || account.balance;
    if (kind === "deposit") account.balance += amount;
    else account.balance -= amount;
    const description = draft.member ? draft.text : `${draft.text} #${random.between(10_000, 99_999)}`;
    planned.push({ at: draft.at, kind, account, amount, description, member: draft.member });
  }
  return planned;
}

/** Every planned movement through the ledger, a day per transaction; a member's with its audit entry. Answers the entries written. */
async function performMovements(db: Db, planned: PlannedMove[]): Promise<number> {
  const t = translator("en");
  const byDay = new Map<string, PlannedMove[]>();
  for (const move of planned) {
    const day = move.at.toISOString().slice(0, 10);
    byDay.set(day, [...(byDay.get(day) ?? []), move]);
  }
  let audited = 0;
  const named = new Map<number, string>();
  for (const moves of byDay.values()) {
    await db.transaction(async (tx) => {
      const txDb = tx as unknown as Db;
      for (const move of moves) {
        const input = { holderId: DEMO_HOLDER_ID, accountId: move.account.id, amount: move.amount, description: move.description, at: move.at };
        const changed = await moveFunds(txDb, move.kind, input, t);
        if (!move.member) continue;
        await recordAuditEntry(txDb, {
          actor: move.member satisfies Actor,
          contactId: move.account.contactId,
          accountId: move.account.id,
          currency: move.account.currency,
          kind: move.kind === "deposit" ? "top_up" : "debit",
          amount: move.amount,
          description: move.description,
          outcome: "succeeded",
          errorCode: null,
          balanceAfter: BigInt(changed.amount),
          requestId: null,
          idempotencyKey: null,
          createdAt: move.at,
        });
        audited += 1;
      }
    });
  }
  for (const move of planned) if (move.member && move.account.name) named.set(move.account.contactId, move.account.name);
  audited += await refusedDebit(db, planned);
  const handWritten = await queryRows<{ id: string; name: string }>(db, sql`SELECT id::text AS id, name FROM platform.contacts WHERE id <= 6`);
  await rememberContactNames(db, [...handWritten.map((row) => ({ id: Number(row.id), name: row.name })), ...[...named].map(([id, name]) => ({ id, name }))]);
  return audited;
}

/** One debit the ledger refuses (more than the balance), as a member meets it: the audit entry says failed and why. */
async function refusedDebit(db: Db, planned: PlannedMove[]): Promise<number> {
  // A generated account: its balance is what the plan says (the hand-written ones started with the fixture's).
  const last = planned.findLast((move) => move.member !== null && move.account.id >= FIRST_ACCOUNT_ID);
  if (!last?.member) return 0;
  const { account } = last;
  const amount = account.balance + BigInt(10_000);
  const at = new Date(last.at.getTime() + 5 * 60_000);
  let errorCode = "unknown";
  try {
    await moveFunds(db, "debit", { holderId: DEMO_HOLDER_ID, accountId: account.id, amount, description: "Manual order", at }, translator("en"));
    throw new Error("the demo's refused debit was not refused");
  } catch (error) {
    if (!(error instanceof ValidationError)) throw error;
    errorCode = String((error.body as { code?: string }).code ?? "validation_failed");
  }
  await recordAuditEntry(db, {
    actor: last.member,
    contactId: account.contactId,
    accountId: account.id,
    currency: account.currency,
    kind: "debit",
    amount,
    description: "Manual order",
    outcome: "failed",
    errorCode,
    balanceAfter: null,
    requestId: null,
    idempotencyKey: null,
    createdAt: at,
  });
  return 1;
}

const ORDERS_LIST = "0b6c3c1e-1111-4a2b-8c3d-000000000001";
const TICKETS_LIST = "0b6c3c1e-1111-4a2b-8c3d-000000000003";
const TICKET_SUBJECTS = ["Parcel not delivered", "Wrong size", "Refund request", "Cannot pay by card", "Change the address", "Promo code does not work"];

/** Orders and support tickets through the platform's list methods (addListItem), as a bot writes them. */
async function addListRecords(api: PlatformClient, now: Date, accounts: Account[]): Promise<number> {
  const random = demoRandom(HISTORY_SEED + 2);
  let added = 0;
  for (let i = 0; i < 18; i++) {
    await addListItem(api, {
      schema_id: ORDERS_LIST,
      item: { sku: `SKU-${random.between(1000, 9999)}`, price: random.between(9, 240) * 50, paid: random.next() < 0.8 },
    });
    added += 1;
  }
  const customers = [1, 2, 3, 4, 5, 6, ...accounts.slice(0, 6).map((account) => account.contactId)];
  const days = historyDays(now, 14);
  for (let i = 0; i < 8; i++) {
    await addListItem(api, {
      schema_id: TICKETS_LIST,
      item: {
        subject: random.pick(TICKET_SUBJECTS),
        customer: random.pick(customers),
        opened_at: momentOf(days[random.between(0, days.length - 1)], random.next(), now).toISOString(),
      },
    });
    added += 1;
  }
  return added;
}

/** The lead's file of refunds and corrections, uploaded, checked and confirmed by the owner, run to its end by the worker. */
async function runAdjustmentBatch(db: Db, connect: (db: Db) => Promise<PlatformClient>, options: HistoryOptions, accounts: Account[]): Promise<string | null> {
  const rows = accounts.filter((account) => account.currency === "USD" || account.currency === "EUR").slice(-8);
  if (rows.length === 0) return null;
  const lines = rows.map((account, index) => {
    const debit = index % 4 === 3 && account.balance >= BigInt(100);
    const amount = debit ? "-1.00" : `${5 + index}.00`;
    return `${account.contactId},${account.currency},${amount},${debit ? "Correction: bonus given twice" : "Refund: late delivery"}`;
  });
  const csv = ["contact_id,currency,amount,description", ...lines].join("\n") + "\n";
  const lead = memberOf(options, "lead");
  const owner = memberOf(options, "owner");
  const { id } = await uploadAdjustmentFile(db, lead, { name: "refunds-late-delivery.csv", bytes: new TextEncoder().encode(csv) }, "en");
  const worker = new AdjustmentWorker({ db, connect, pollMs: 20, leaseSeconds: 60 });
  await requestDryRun(db, id);
  await worker.runOnce();
  await confirmRun(db, id, { id: owner.id });
  await worker.runOnce();
  return id;
}

/** The owner's CSV export of the Shop bot's contacts of the last week, written by the export worker (a member sees their own). */
async function runExport(db: Db, connect: (db: Db) => Promise<PlatformClient>, options: HistoryOptions): Promise<number> {
  const days = historyDays(options.now, 7);
  const job = await createExportJob(db, {
    userId: memberOf(options, "owner").id,
    botName: "Shop bot",
    format: "csv",
    bom: true,
    bot: 101,
    from: days[0].toISOString().slice(0, 10),
    to: days[days.length - 1].toISOString().slice(0, 10),
    tz: "UTC",
  });
  const worker = new ExportWorker({ db, connect, pollMs: 20, leaseSeconds: 60 });
  while (await worker.runOnce());
  return job.id;
}

/** The owner's two saved views of the contact browser. */
async function saveViews(db: Db, options: HistoryOptions): Promise<void> {
  const owner = memberOf(options, "owner");
  await createSavedView(db, owner.id, SaveViewSchema.parse({ name: "Shop bot, newest first", query: "?bot=101&sort=-created_at" }));
  await createSavedView(db, owner.id, SaveViewSchema.parse({ name: "Support bot", query: "?bot=201" }));
}
