import { beforeAll, describe, expect, test } from "vitest";
import { createTestDatabase } from "@/lib/db/testing/database";
import type { Database, Db } from "@/lib/db/client";
import { afterAll } from "vitest";
import { uniqueId } from "@/lib/platform/testing/tenants";
import { batchesWithHash, confirmRun, createBatch, listBatches, readBatch, readRows, requestCancel, requestDryRun, saveValidation } from "./batch-store";
import { kindsOf } from "./permissions";
import { createMember, totalsOf, validatedBatch } from "./testing/batches";
import type { AdjustmentRow } from "./types";

/** The batch store's rules on a real database: statuses, the same file again, confirm only after a dry run, cancel. */
let database: Database;
let db: Db;

beforeAll(async () => {
  database = await createTestDatabase();
  db = database.db;
});
afterAll(async () => {
  await database?.close();
});

const status = async (id: string) => (await readBatch(db, id))!.status;

describe("batch store", () => {
  test("upload stores the raw cells; validation stores typed rows, problems and totals, and may be replaced until the run", async () => {
    const member = await createMember(db);
    const id = await createBatch(db, {
      createdBy: member.id,
      fileName: "promo.csv",
      fileHash: "a".repeat(64),
      delimiter: ";",
      headers: ["id", "cur", "sum", "text"],
      rows: [
        { line: 2, cells: ["101", "USD", "10.50", "Promo"] },
        { line: 3, cells: ["oops", "USD", "1", "=HYPERLINK()"] },
        { line: 4, cells: ["102", "EUR", "-3", 'Fix; "quoted"'] },
      ],
    });
    const uploaded = (await readBatch(db, id))!;
    expect(uploaded).toMatchObject({ status: "uploaded", rows: 3, valid: 0, invalid: 0, fileName: "promo.csv", delimiter: ";", mapping: null });
    expect(uploaded.createdBy).toEqual({ id: member.id, name: member.name, email: member.email });
    expect((await readRows(db, id)).rows.map((row) => row.cells)).toEqual([
      ["101", "USD", "10.50", "Promo"],
      ["oops", "USD", "1", "=HYPERLINK()"],
      ["102", "EUR", "-3", 'Fix; "quoted"'],
    ]);

    const rows: AdjustmentRow[] = [
      { line: 2, contactId: 101, currency: "USD", kind: "top_up", amountMinor: BigInt(1050), description: "Promo" },
      { line: 4, contactId: 102, currency: "EUR", kind: "debit", amountMinor: BigInt(300), description: 'Fix; "quoted"' },
    ];
    const mapping = { contact_id: 0, currency: 1, amount: 2, direction: null, description: 3 };
    await saveValidation(db, id, {
      mapping,
      rows,
      problems: [{ line: 3, column: "contact_id", code: "not_a_number", message: "adjustments.invalid.contact_id" }],
      totals: totalsOf(rows),
    });
    const validated = (await readBatch(db, id))!;
    expect(validated).toMatchObject({ status: "validated", valid: 2, invalid: 1, mapping });
    expect(validated.totals).toEqual({
      USD: { top_up: { count: 1, minor: "1050" }, debit: { count: 0, minor: "0" } },
      EUR: { top_up: { count: 0, minor: "0" }, debit: { count: 1, minor: "300" } },
    });
    expect(kindsOf(validated.totals)).toEqual(["top_up", "debit"]);
    const invalid = await readRows(db, id, { status: "invalid" });
    expect(invalid.total).toBe(1);
    expect(invalid.rows[0]).toMatchObject({ line: 3, contactId: null, problems: [{ line: 3, column: "contact_id", code: "not_a_number" }] });
    expect((await readRows(db, id, { offset: 1, limit: 1 })).rows.map((row) => [row.line, row.amountMinor, row.kind])).toEqual([[3, null, null]]);

    // A second validation (another mapping) replaces the first entirely.
    await saveValidation(db, id, { mapping: { ...mapping, direction: 1 }, rows: rows.slice(0, 1), problems: [], totals: totalsOf(rows.slice(0, 1)) });
    expect(await readBatch(db, id)).toMatchObject({ valid: 1, invalid: 0, mapping: { direction: 1 } });
    expect((await readRows(db, id, { status: "invalid" })).total).toBe(0);
    expect((await readRows(db, id)).rows.map((row) => row.amountMinor)).toEqual(["1050", null, null]);
  });

  test("confirm only after a finished dry run, once; a running or finished batch is not validated again", async () => {
    const member = await createMember(db);
    const id = await validatedBatch(db, member.id, [{ contactId: uniqueId(), currency: "USD", kind: "top_up", amount: 100 }]);
    await expect(confirmRun(db, id, member)).rejects.toMatchObject({ code: "adjustments.batch.dry_run_needed" });
    await requestDryRun(db, id);
    expect(await status(id)).toBe("checking");
    await requestDryRun(db, id); // asking again while it runs changes nothing
    await expect(confirmRun(db, id, member)).rejects.toMatchObject({ code: "adjustments.batch.checking" });
    await expect(
      saveValidation(db, id, { mapping: { contact_id: 0, currency: 1, amount: 2, direction: null, description: 3 }, rows: [], problems: [], totals: {} }),
    ).rejects.toMatchObject({
      code: "adjustments.batch.not_editable",
    });
    // The worker's end of the dry run, by hand (the worker's own tests run it).
    await db.execute(`UPDATE dashboard.adjustment_rows SET dry_status = 'ok' WHERE batch_id = '${id}'`);
    await db.execute(`UPDATE dashboard.adjustment_batches SET status = 'checked', checked_at = now() WHERE id = '${id}'`);
    const confirmer = await createMember(db, "owner");
    // The totals the page showed must be the stored ones.
    await expect(
      confirmRun(db, id, confirmer, { totals: { USD: { top_up: { count: 1, minor: "101" }, debit: { count: 0, minor: "0" } } } }),
    ).rejects.toMatchObject({ code: "adjustments.batch.totals_changed" });
    await confirmRun(db, id, confirmer, { totals: { USD: { top_up: { count: 1, minor: "100" }, debit: { count: 0, minor: "0" } } } });
    const running = (await readBatch(db, id))!;
    expect(running).toMatchObject({ status: "running", confirmedBy: { id: confirmer.id, name: confirmer.name } });
    expect((await readRows(db, id, { status: "pending" })).total).toBe(1);
    await expect(confirmRun(db, id, confirmer)).rejects.toMatchObject({ code: "adjustments.batch.already_run" });
    await expect(requestDryRun(db, id)).rejects.toMatchObject({ code: "adjustments.batch.already_run" });
    // Cancel while running: asked, the worker stops before its next row.
    await requestCancel(db, id);
    expect(await readBatch(db, id)).toMatchObject({ status: "running", cancelRequested: true });
    await db.execute(`UPDATE dashboard.adjustment_batches SET status = 'cancelled' WHERE id = '${id}'`);
    await expect(requestCancel(db, id)).rejects.toMatchObject({ code: "adjustments.batch.not_cancellable" });
    await expect(confirmRun(db, id, confirmer)).rejects.toMatchObject({ code: "adjustments.batch.ended" });
  });

  test("a batch without valid rows cannot be checked; cancel before the run ends the batch at once", async () => {
    const member = await createMember(db);
    const empty = await validatedBatch(db, member.id, []);
    await expect(requestDryRun(db, empty)).rejects.toMatchObject({ code: "adjustments.batch.nothing_valid" });
    await requestCancel(db, empty);
    expect(await readBatch(db, empty)).toMatchObject({ status: "cancelled" });
    expect((await readBatch(db, empty))!.finishedAt).not.toBeNull();
    await expect(readBatch(db, "not-a-uuid")).resolves.toBeNull();
    await expect(requestCancel(db, "00000000-0000-4000-8000-000000000000")).rejects.toMatchObject({ code: "adjustments.batch.not_found" });
  });

  test("the same file again: earlier uploads of the same bytes with who, when, status and rows done", async () => {
    const first = await createMember(db);
    const second = await createMember(db);
    const hash = uniqueId().toString(16).padStart(64, "b");
    const earlier = await validatedBatch(db, first.id, [], { fileHash: hash });
    await db.execute(
      `UPDATE dashboard.adjustment_batches SET status = 'finished', ok_count = 7, created_at = now() - interval '1 hour' WHERE id = '${earlier}'`,
    );
    const now = await validatedBatch(db, second.id, [], { fileHash: hash.toUpperCase() });
    const others = await batchesWithHash(db, hash, { excludeId: now });
    expect(others).toEqual([
      {
        id: earlier,
        fileName: "refunds.csv",
        createdAt: expect.any(String),
        createdBy: { id: first.id, name: first.name, email: first.email },
        status: "finished",
        ok: 7,
      },
    ]);
    expect((await batchesWithHash(db, hash)).map((batch) => batch.id)).toEqual([now, earlier]);
    expect(await batchesWithHash(db, "c".repeat(64))).toEqual([]);
    const listed = await listBatches(db, { limit: 2 });
    expect(listed.items.map((batch) => batch.id)).toEqual([now, (await listBatches(db, { offset: 1, limit: 1 })).items[0].id]);
    expect(listed.total).toBeGreaterThanOrEqual(2);
  });
});
