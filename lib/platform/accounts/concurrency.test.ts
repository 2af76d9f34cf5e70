import { afterAll, beforeAll, expect, test } from "vitest";
import { sql } from "drizzle-orm";
import { createTestDatabase, testDriver } from "@/lib/db/testing/database";
import { queryRows, type Database } from "@/lib/db/client";
import { postJson, seedAccountWorld, seedContact, startApiServer } from "../testing/accounts";
import { seedTenant } from "../testing/tenants";

/**
 * Concurrency through real HTTP: a node:http server in front of the gateway, on
 * PGlite and (with TEST_DATABASE_URL) on a PostgreSQL server with a pool of
 * connections, so requests really overlap in the database.
 */
let database: Database;
let server: Awaited<ReturnType<typeof startApiServer>>;
beforeAll(async () => {
  database = await createTestDatabase({ poolSize: 20 });
  server = await startApiServer(database.db, { rateLimit: 1_000_000 });
});
afterAll(async () => {
  await server?.close();
  await database?.close();
});

test(`withdraw (${testDriver()}): balance 50, 120 simultaneous debits of 1 → exactly 50 succeed, 70 insufficient_funds, balance 0, journal = balance`, async () => {
  const { tenant, accountId } = await seedAccountWorld(database.db, { currency: "USD", amount: 0 });
  const topUp = await postJson(server.url, "addFundsToContactAccount", tenant.key, { account_id: accountId, amount: 50, description: "Stake" });
  expect(topUp.status).toBe(200);

  const answers = await Promise.all(
    Array.from({ length: 120 }, (_, i) =>
      postJson(server.url, "withdrawFundsFromContactAccount", tenant.key, { account_id: accountId, amount: 1, description: `Debit ${i}` }),
    ),
  );
  const succeeded = answers.filter((a) => a.status === 200);
  const refused = answers.filter((a) => a.status === 422);
  expect(succeeded).toHaveLength(50);
  expect(refused).toHaveLength(70);
  for (const answer of refused) {
    expect(answer.body.code).toBe("insufficient_funds");
    expect(Object.keys(answer.body.errors)).toEqual(["account_id"]);
  }
  // Every success saw a distinct balance: 49, 48, …, 0.
  expect(succeeded.map((a) => a.body.data.amount).sort((x, y) => x - y)).toEqual(Array.from({ length: 50 }, (_, i) => i));

  const [state] = await queryRows<{ amount: string; debits: number; journal_sum: string; min_after: string }>(
    database.db,
    sql`SELECT a.amount::text AS amount,
               (SELECT count(*)::int FROM platform.account_journal j WHERE j.account_id = a.id AND j.kind = 'debit') AS debits,
               (SELECT coalesce(sum(CASE WHEN kind = 'deposit' THEN amount ELSE -amount END), 0)::text
                  FROM platform.account_journal j WHERE j.account_id = a.id) AS journal_sum,
               (SELECT min(balance_after)::text FROM platform.account_journal j WHERE j.account_id = a.id) AS min_after
        FROM platform.contact_accounts a WHERE a.id = ${accountId}`,
  );
  expect(state).toEqual({ amount: "0", debits: 50, journal_sum: "0", min_after: "0" });
});

test(`withdraw (${testDriver()}): concurrent top-ups and debits on one account never lose a cent`, async () => {
  const { tenant, accountId } = await seedAccountWorld(database.db, { currency: "USD", amount: 100 });
  const calls = Array.from({ length: 80 }, (_, i) =>
    i % 2 === 0
      ? postJson(server.url, "addFundsToContactAccount", tenant.key, { account_id: accountId, amount: 3, description: `Up ${i}` })
      : postJson(server.url, "withdrawFundsFromContactAccount", tenant.key, { account_id: accountId, amount: 7, description: `Down ${i}` }),
  );
  const answers = await Promise.all(calls);
  const ups = answers.filter((a, i) => i % 2 === 0 && a.status === 200).length;
  const downs = answers.filter((a, i) => i % 2 === 1 && a.status === 200).length;
  expect(ups).toBe(40);
  for (const answer of answers) expect([200, 422]).toContain(answer.status);
  const [state] = await queryRows<{ amount: string; journal_sum: string; negative: number }>(
    database.db,
    sql`SELECT a.amount::text AS amount,
               (SELECT sum(CASE WHEN kind = 'deposit' THEN amount ELSE -amount END)::text FROM platform.account_journal j WHERE j.account_id = a.id) AS journal_sum,
               (SELECT count(*)::int FROM platform.account_journal j WHERE j.account_id = a.id AND balance_after < 0) AS negative
        FROM platform.contact_accounts a WHERE a.id = ${accountId}`,
  );
  const expected = BigInt(100 + 3 * ups - 7 * downs);
  expect(BigInt(state.amount)).toBe(expected);
  expect(BigInt(state.journal_sum)).toBe(expected);
  expect(state.negative).toBe(0);
});

test(`addContactAccount (${testDriver()}): two concurrent opens of the same currency → one 201, one 422 currency_exists`, async () => {
  const tenant = await seedTenant(database.db);
  for (let round = 0; round < 5; round++) {
    const contactId = await seedContact(database.db, tenant);
    const answers = await Promise.all(
      ["addContactAccount", "createContactAccount"].map((method) => postJson(server.url, method, tenant.key, { contact_id: contactId, currency: "USD" })),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([201, 422]);
    const refused = answers.find((a) => a.status === 422)!;
    const text = "The contact already has an account in USD.";
    expect(refused.body).toEqual({ message: text, code: "currency_exists", errors: { currency: [text] } });
    const [{ n }] = await queryRows<{ n: number }>(database.db, sql`SELECT count(*)::int AS n FROM platform.contact_accounts WHERE contact_id = ${contactId}`);
    expect(n).toBe(1);
  }
});

test(`deleteContactAccount (${testDriver()}): a delete racing a top-up either deletes an empty account or refuses; money is never lost`, async () => {
  const tenant = await seedTenant(database.db);
  for (let round = 0; round < 5; round++) {
    const { accountId, contactId } = await (async () => {
      const contactId = await seedContact(database.db, tenant);
      const opened = await postJson(server.url, "addContactAccount", tenant.key, { contact_id: contactId, currency: "USD" });
      return { accountId: opened.body.data.id as number, contactId };
    })();
    const [up, del] = await Promise.all([
      postJson(server.url, "addFundsToContactAccount", tenant.key, { account_id: accountId, amount: 9, description: "Race" }),
      postJson(server.url, "deleteContactAccount", tenant.key, { account_id: accountId }),
    ]);
    const rows = await queryRows<{ amount: string }>(
      database.db,
      sql`SELECT amount::text AS amount FROM platform.contact_accounts WHERE contact_id = ${contactId}`,
    );
    if (del.status === 204) {
      // Deleted first: the top-up then found no account.
      expect(up.status).toBe(404);
      expect(rows).toEqual([]);
    } else {
      expect(del.status).toBe(422);
      expect(del.body.code).toBe("account_not_empty");
      expect(up.status).toBe(200);
      expect(rows).toEqual([{ amount: "9" }]);
    }
  }
});
