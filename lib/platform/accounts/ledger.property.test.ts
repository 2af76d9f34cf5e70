import { expect, test } from "vitest";
import fc from "fast-check";
import { sql } from "drizzle-orm";
import { testDriver } from "@/lib/db/testing/database";
import { queryRows } from "@/lib/db/client";
import { applyFixtures } from "../operator/fixtures";
import { callApi } from "../testing/tenants";
import { seedAccountWorld } from "../testing/accounts";
import { useTestDatabase } from "@/lib/db/testing/use-test-database";

const database = useTestDatabase();

const BIGINT_MAX = BigInt("9223372036854775807");
const MAX_AMOUNT = 100_000_000_000_000;

type Op =
  | { kind: "deposit"; amount: number }
  | { kind: "debit"; amount: number }
  | { kind: "invalid"; method: "deposit" | "debit"; amount: unknown }
  | { kind: "adjust"; balance: bigint };

const amount = fc.oneof(fc.integer({ min: 1, max: 1000 }), fc.integer({ min: 1, max: MAX_AMOUNT }));
const op: fc.Arbitrary<Op> = fc.oneof(
  { weight: 4, arbitrary: amount.map((a) => ({ kind: "deposit" as const, amount: a })) },
  { weight: 4, arbitrary: amount.map((a) => ({ kind: "debit" as const, amount: a })) },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant("invalid" as const),
      method: fc.constantFrom("deposit" as const, "debit" as const),
      amount: fc.constantFrom<unknown>(0, -1, 1.5, "abc", MAX_AMOUNT + 1, null),
    }),
  },
  // Operator adjustments (fixtures), up to near the bigint limit so that a top-up can overflow.
  {
    weight: 1,
    arbitrary: fc
      .oneof(fc.bigInt({ min: BigInt(0), max: BigInt(5000) }), fc.bigInt({ min: BIGINT_MAX - BigInt(MAX_AMOUNT) * BigInt(2), max: BIGINT_MAX }))
      .map((balance) => ({ kind: "adjust" as const, balance })),
  },
);

type JournalRow = {
  kind: string;
  amount: string;
  balance_after: string;
};

test(`ledger property (${testDriver()}): any sequence of top-ups, debits and operator adjustments keeps balance = sum of journal, never below zero`, async () => {
  await fc.assert(
    fc.asyncProperty(fc.array(op, { minLength: 1, maxLength: 20 }), async (ops) => {
      const { tenant, contactId, accountId } = await seedAccountWorld(database.db, { currency: "USD", amount: 0 });
      let model = BigInt(0);
      for (const step of ops) {
        if (step.kind === "adjust") {
          await applyFixtures(database.db, { contact_accounts: [{ id: accountId, contact_id: contactId, currency: "USD", amount: step.balance.toString() }] });
          model = step.balance;
          continue;
        }
        const method = (step.kind === "invalid" ? step.method : step.kind) === "deposit" ? "addFundsToContactAccount" : "withdrawFundsFromContactAccount";
        const answer = await callApi(database.db, method, {
          key: tenant.key,
          params: { account_id: accountId, amount: step.amount, description: `${step.kind} step` },
        });
        if (step.kind === "invalid") {
          expect(answer.status).toBe(422);
          expect(Object.keys(answer.body.errors)).toEqual(["amount"]);
        } else if (step.kind === "deposit") {
          const next = model + BigInt(step.amount);
          if (next > BIGINT_MAX) {
            expect(answer.status).toBe(422);
            expect(Object.keys(answer.body.errors)).toEqual(["amount"]);
          } else {
            expect(answer.status).toBe(200);
            model = next;
          }
        } else if (model >= BigInt(step.amount)) {
          expect(answer.status).toBe(200);
          model -= BigInt(step.amount);
        } else {
          expect(answer.status).toBe(422);
          expect(answer.body.code).toBe("insufficient_funds");
        }
      }
      const [account] = await queryRows<{ amount: string }>(
        database.db,
        sql`SELECT amount::text AS amount FROM platform.contact_accounts WHERE id = ${accountId}`,
      );
      const journal = await queryRows<JournalRow>(
        database.db,
        sql`SELECT kind, amount::text AS amount, balance_after::text AS balance_after
            FROM platform.account_journal WHERE account_id = ${accountId} ORDER BY id`,
      );
      let running = BigInt(0);
      for (const entry of journal) {
        expect(BigInt(entry.amount) > BigInt(0)).toBe(true);
        running += entry.kind === "deposit" ? BigInt(entry.amount) : -BigInt(entry.amount);
        // Every entry's balance_after is the sum of the journal up to it, and never negative.
        expect(BigInt(entry.balance_after)).toBe(running);
        expect(running >= BigInt(0)).toBe(true);
      }
      expect(BigInt(account.amount)).toBe(model);
      expect(running).toBe(model);
    }),
    { numRuns: 40 },
  );
});
