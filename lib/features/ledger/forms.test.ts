import { randomUUID } from "node:crypto";
import { describe, expect, test } from "vitest";
import { DebitRequestSchema, DeleteAccountRequestSchema, OpenAccountRequestSchema, TopUpRequestSchema } from "./forms";

/** A single operation's key comes from the browser (crypto.randomUUID: v4); v8 is the bulk rows' namespace. */
describe("a single operation's idempotency key", () => {
  const request = { kind: "top_up" as const, contactId: 7, accountId: 9, currency: "USD", amount: "12.34", description: "Bonus" };
  const v8 = "561d7dc9-0078-8dbf-bef8-cde8a10f79a6";

  const keyErrors = (result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
    result.error?.issues.filter((issue) => issue.path.join(".") === "idempotencyKey").map((issue) => issue.message) ?? [];

  test("a v4 key (what the browser makes) is accepted", () => {
    expect(TopUpRequestSchema.parse({ ...request, idempotencyKey: randomUUID() }).amountMinor).toBe(1234n);
    expect(DebitRequestSchema.safeParse({ ...request, kind: "debit", idempotencyKey: randomUUID() }).success).toBe(true);
  });

  test("a v8 key (a bulk row's namespace) is refused on the hidden key field", () => {
    const topUp = TopUpRequestSchema.safeParse({ ...request, idempotencyKey: v8 });
    expect(topUp.success).toBe(false);
    expect(keyErrors(topUp)).toEqual(["ledger.key.invalid"]);
    expect(keyErrors(DebitRequestSchema.safeParse({ ...request, kind: "debit", idempotencyKey: v8 }))).toEqual(["ledger.key.invalid"]);
    expect(keyErrors(OpenAccountRequestSchema.safeParse({ contactId: 7, currency: "USD", idempotencyKey: v8 }))).toEqual(["ledger.key.invalid"]);
    expect(keyErrors(DeleteAccountRequestSchema.safeParse({ contactId: 7, accountId: 9, idempotencyKey: v8 }))).toEqual(["ledger.key.invalid"]);
  });
});
