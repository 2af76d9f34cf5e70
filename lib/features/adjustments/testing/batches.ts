import { sql } from "drizzle-orm";
import { queryRows, type Db } from "@/lib/db/client";
import { users } from "@/lib/db/schema";
import { applyFixtures } from "@/lib/platform/operator/fixtures";
import { seedTenant, uniqueId, type Tenant } from "@/lib/platform/testing/tenants";
import type { Role } from "@/lib/auth/permissions";
import { createBatch, saveValidation } from "../batch-store";
import type { AdjustmentKind, AdjustmentRow, AdjustmentTotals } from "../types";

/**
 * Test fixtures for bulk adjustments: a tenant with contacts and accounts on
 * our platform, a member, and a batch stored and validated from typed rows
 * (the file reader is tested on its own).
 */
export interface SeededContact {
  contactId: number;
  /** currency → account id */
  accounts: Record<string, number>;
}

/** Contacts with accounts (currency → minor units; a "!" suffix: blocked). */
export async function seedContacts(db: Db, contacts: Record<string, number | `${number}!`>[]): Promise<{ tenant: Tenant; contacts: SeededContact[] }> {
  const tenant = await seedTenant(db);
  const seeded: SeededContact[] = [];
  const accountRows: { id: number; contact_id: number; currency: string; amount: number; blocked_at: string | null }[] = [];
  for (const accounts of contacts) {
    const contactId = uniqueId();
    const ids: Record<string, number> = {};
    for (const [currency, value] of Object.entries(accounts)) {
      ids[currency] = uniqueId();
      const blocked = typeof value === "string";
      accountRows.push({
        id: ids[currency],
        contact_id: contactId,
        currency,
        amount: Number(String(value).replace("!", "")),
        blocked_at: blocked ? "2026-01-05T10:00:00Z" : null,
      });
    }
    seeded.push({ contactId, accounts: ids });
  }
  await applyFixtures(db, {
    contacts: seeded.map(({ contactId }) => ({
      id: contactId,
      bot_id: tenant.botId,
      messenger: "telegram",
      name: `Contact ${contactId}`,
      telegram_id: String(contactId),
    })),
    contact_accounts: accountRows,
  });
  return { tenant, contacts: seeded };
}

export async function createMember(db: Db, role: Role = "support"): Promise<{ id: number; name: string; email: string; role: Role }> {
  const id = uniqueId();
  const [member] = await db
    .insert(users)
    .values({ email: `member${id}@example.com`, name: `Member ${id}`, role, passwordHash: "not-a-hash" })
    .returning({ id: users.id, name: users.name, email: users.email });
  return { ...member, role };
}

export interface PlannedRow {
  contactId: number;
  currency: string;
  kind: AdjustmentKind;
  amount: number;
  description?: string;
}

export function totalsOf(rows: AdjustmentRow[]): AdjustmentTotals {
  const totals: AdjustmentTotals = {};
  for (const row of rows) {
    totals[row.currency] ??= { top_up: { count: 0, minor: BigInt(0) }, debit: { count: 0, minor: BigInt(0) } };
    totals[row.currency][row.kind].count += 1;
    totals[row.currency][row.kind].minor += row.amountMinor;
  }
  return totals;
}

/** A batch uploaded by `createdBy` and validated: the planned rows from line 2 on (the header is line 1). */
export async function validatedBatch(db: Db, createdBy: number, planned: PlannedRow[], options: { fileHash?: string } = {}): Promise<string> {
  const rows: AdjustmentRow[] = planned.map((row, index) => ({
    line: index + 2,
    contactId: row.contactId,
    currency: row.currency,
    kind: row.kind,
    amountMinor: BigInt(row.amount),
    description: row.description ?? `Refund ${index + 2}`,
  }));
  const batchId = await createBatch(db, {
    createdBy,
    fileName: "refunds.csv",
    fileHash: options.fileHash ?? uniqueId().toString(16).padStart(64, "0"),
    delimiter: ",",
    headers: ["contact_id", "currency", "amount", "description"],
    rows: rows.map((row) => ({
      line: row.line,
      cells: [String(row.contactId), row.currency, `${row.kind === "debit" ? "-" : ""}${row.amountMinor}`, row.description],
    })),
  });
  await saveValidation(db, batchId, {
    mapping: { contact_id: 0, currency: 1, amount: 2, direction: null, description: 3 },
    rows,
    problems: [],
    totals: totalsOf(rows),
  });
  return batchId;
}

export interface JournalLine extends Record<string, unknown> {
  account_id: string;
  kind: string;
  amount: string;
  description: string | null;
  balance_after: string;
}

/** The platform's money journal of these accounts, in order. */
export async function journalOf(db: Db, accountIds: number[]): Promise<JournalLine[]> {
  if (accountIds.length === 0) return [];
  return queryRows<JournalLine>(
    db,
    sql`SELECT account_id::text AS account_id, kind, amount::text AS amount, description, balance_after::text AS balance_after
        FROM platform.account_journal WHERE account_id IN (${sql.join(
          accountIds.map((id) => sql`${id}`),
          sql`, `,
        )}) ORDER BY id`,
  );
}

export async function balancesOf(db: Db, accountIds: number[]): Promise<Record<string, string>> {
  if (accountIds.length === 0) return {};
  const rows = await queryRows<{ id: string; amount: string }>(
    db,
    sql`SELECT id::text AS id, amount::text AS amount FROM platform.contact_accounts WHERE id IN (${sql.join(
      accountIds.map((id) => sql`${id}`),
      sql`, `,
    )})`,
  );
  return Object.fromEntries(rows.map((row) => [row.id, row.amount]));
}
