import { describe, expect, test } from "vitest";
import { sql } from "drizzle-orm";
import { queryRows } from "@/lib/db/client";
import { DashboardError } from "@/lib/core/actions/errors";
import { readBatch, readRows } from "./batch-store";
import { createMember } from "./testing/batches";
import { applyMapping, readUploadedFile, uploadAdjustmentFile } from "./upload";
import { useTestDatabase } from "@/lib/db/testing/use-test-database";

/** The upload route's service and the mapping step, on a real database: what is stored, and that a refusal stores nothing. */
const database = useTestDatabase();

const batchCount = async () => Number((await queryRows<{ n: string }>(database.db, sql`SELECT count(*)::text AS n FROM dashboard.adjustment_batches`))[0].n);

function multipart(bytes: Uint8Array<ArrayBuffer> | string, name = "refunds.csv"): Request {
  const form = new FormData();
  form.set("file", new File([bytes], name, { type: "text/csv" }));
  return new Request("http://dashboard.test/api/dashboard/adjustments", { method: "POST", body: form });
}

const refusal = (promise: Promise<unknown>) =>
  promise.then(
    () => null,
    (error: unknown) => error as DashboardError,
  );

describe("upload", () => {
  test("a body past 10 MB and its envelope is refused on the file field before it is parsed; nothing is stored", async () => {
    const before = await batchCount();
    const error = await refusal(readUploadedFile(multipart(new Uint8Array(10 * 1024 * 1024 + 70 * 1024).fill(0x61))));
    expect(error).toBeInstanceOf(DashboardError);
    expect({ code: error!.code, field: error!.field }).toEqual({ code: "adjustments.file.too_large", field: "file" });
    const declared = new Request("http://dashboard.test/x", { method: "POST", body: "x", headers: { "content-length": String(20 * 1024 * 1024) } });
    expect((await refusal(readUploadedFile(declared)))?.code).toBe("adjustments.file.too_large");
    expect(await batchCount()).toBe(before);
  });

  test("a form without a file is refused on the file field", async () => {
    const form = new FormData();
    form.set("other", "value");
    const error = await refusal(readUploadedFile(new Request("http://dashboard.test/x", { method: "POST", body: form })));
    expect({ code: error?.code, field: error?.field }).toEqual({ code: "adjustments.upload.no_file", field: "file" });
  });

  test("known headers: stored and validated at once, with its name, rows and problems", async () => {
    const member = await createMember(database.db);
    const file = await readUploadedFile(multipart("contact_id;currency;amount;description\r\n101;EUR;12.50;Refund\r\n102;EUR;ten;Bad\r\n", "возврат.csv"));
    const { id } = await uploadAdjustmentFile(database.db, member, file, "en");
    expect(await readBatch(database.db, id)).toMatchObject({ fileName: "возврат.csv", status: "validated", rows: 2, valid: 1, invalid: 1, delimiter: ";" });
  });

  test("a file the reader refuses (Windows-1251 bytes) stores nothing, and says why on the file field", async () => {
    const member = await createMember(database.db);
    const before = await batchCount();
    const bytes = new Uint8Array([...new TextEncoder().encode("contact_id,currency,amount,description\n1,RUB,1,"), 0xc2, 0xee, 0x0a]);
    const error = await refusal(uploadAdjustmentFile(database.db, member, { name: "cp1251.csv", bytes }, "en"));
    expect({ code: error?.code, field: error?.field }).toEqual({ code: "adjustments.file.encoding", field: "file" });
    expect(await batchCount()).toBe(before);
  });

  test("the mapping step validates every row again in one read, past 65,535 rows (a query's parameter limit)", async () => {
    const member = await createMember(database.db);
    const count = 66_000;
    const lines = Array.from({ length: count }, (_, index) => `${index + 1},RUB,${(index % 50) + 1},Promo ${index % 7}`);
    const file = { name: "big.csv", bytes: new TextEncoder().encode(`who,money,how much,why\n${lines.join("\n")}\n`) };
    const { id } = await uploadAdjustmentFile(database.db, member, file, "en");
    const uploaded = await readBatch(database.db, id);
    expect(uploaded).toMatchObject({ status: "uploaded", rows: count });
    await applyMapping(database.db, uploaded!, { contact_id: 0, currency: 1, amount: 2, direction: null, description: 3 }, "en");
    expect(await readBatch(database.db, id)).toMatchObject({ status: "validated", valid: count, invalid: 0 });
    const last = await readRows(database.db, id, { offset: count - 1, limit: 1 });
    expect(last.rows[0]).toMatchObject({
      line: count + 1,
      contactId: count,
      currency: "RUB",
      kind: "top_up",
      amountMinor: String(((count - 1) % 50) + 1) + "00",
    });
  }, 120_000);

  test("a mapping that uses a column twice is refused on the later field; nothing is validated", async () => {
    const member = await createMember(database.db);
    const { id } = await uploadAdjustmentFile(database.db, member, { name: "m.csv", bytes: new TextEncoder().encode("a,b,c,d\n1,EUR,1,x\n") }, "en");
    const batch = (await readBatch(database.db, id))!;
    const error = await refusal(applyMapping(database.db, batch, { contact_id: 0, currency: 0, amount: 2, direction: null, description: 3 }, "en"));
    expect(error).toBeInstanceOf(DashboardError);
    expect(error?.field).toBe("currency");
    expect((await readBatch(database.db, id))?.status).toBe("uploaded");
  });
});
