import { beforeAll, expect, test } from "vitest";
import { sql } from "drizzle-orm";
import { queryRows } from "@/lib/db/client";
import { seedAccountWorld } from "./testing/accounts";
import { addContacts, telegramContact } from "./testing/contacts";
import { callApi, uniqueId } from "./testing/tenants";
import { useTestDatabase } from "@/lib/db/testing/use-test-database";

/**
 * Which commits may skip waiting for the disk. The rate-limit count and the export cursor are written with
 * synchronous_commit off for their own transaction (a crash can lose a few hits or a cursor, never a row or money);
 * every money movement and its journal line must still commit durably, and nothing may stay set on the connection.
 * Triggers of this test's own database, deferred to the commit, record the setting in force as each write commits (a row
 * trigger would see it at the time of the write, and a setting made later in the same transaction would escape it).
 */
const database = useTestDatabase();
beforeAll(async () => {
  await database.db.execute(sql`CREATE TABLE public.commit_modes (tbl text NOT NULL, mode text NOT NULL)`);
  await database.db.execute(
    sql.raw(`CREATE FUNCTION public.record_commit_mode() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        INSERT INTO public.commit_modes (tbl, mode) VALUES (TG_TABLE_NAME, current_setting('synchronous_commit'));
        RETURN NULL;
      END $$`),
  );
  for (const table of ["rate_limit_counters", "contact_cursors", "account_journal", "contact_accounts"]) {
    await database.db.execute(
      sql.raw(
        `CREATE CONSTRAINT TRIGGER record_commit_mode AFTER INSERT OR UPDATE ON platform.${table}
           DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION public.record_commit_mode()`,
      ),
    );
  }
});

async function modes(): Promise<Record<string, string[]>> {
  const rows = await queryRows<{ tbl: string; modes: string[] }>(
    database.db,
    sql`SELECT tbl, array_agg(DISTINCT mode ORDER BY mode) AS modes FROM public.commit_modes GROUP BY tbl ORDER BY tbl`,
  );
  return Object.fromEntries(rows.map((row) => [row.tbl, row.modes]));
}

test("money commits wait for the disk; only the rate-limit count and the export cursor do not, and the setting never outlives them", async () => {
  const { tenant, accountId } = await seedAccountWorld(database.db, { currency: "USD", amount: 0 });
  await addContacts(
    database.db,
    Array.from({ length: 6 }, (_, i) => telegramContact(tenant.botId, { id: uniqueId() * 10 + i })),
  );
  await database.db.execute(sql`DELETE FROM public.commit_modes`);

  const topUp = await callApi(database.db, "addFundsToContactAccount", {
    key: tenant.key,
    params: { account_id: accountId, amount: 500, description: "top-up" },
  });
  expect(topUp.status, topUp.text).toBe(200);
  const debit = await callApi(database.db, "withdrawFundsFromContactAccount", {
    key: tenant.key,
    params: { account_id: accountId, amount: 200, description: "debit" },
  });
  expect(debit.status, debit.text).toBe(200);
  // A full offset batch saves the cursor for the next one.
  const batch = await callApi(database.db, "getContacts", { key: tenant.key, verb: "GET", params: { offset: 0, limit: 3 } });
  expect(batch.status, batch.text).toBe(200);

  expect(await modes()).toEqual({
    account_journal: ["on"],
    contact_accounts: ["on"],
    contact_cursors: ["off"],
    rate_limit_counters: ["off"],
  });
  // Nothing stays set: a statement after them runs with the server's default.
  const [{ mode }] = await queryRows<{ mode: string }>(database.db, sql`SELECT current_setting('synchronous_commit') AS mode`);
  expect(mode).toBe("on");
});
