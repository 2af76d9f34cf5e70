/**
 * npm run bench:lists — lists on PostgreSQL, through handleApiRequest (the code
 * the route runs; rate limit out of the way), in a fresh database dropped at the end.
 *
 * 1. createListSchema ×5,000 in one project (5 fields each), one after another:
 *    total time, per-call median and p95; then the 5,001st must answer 403.
 * 2. getListSchemas at page 1 and page 100 (the last page): median and p95 of 30 calls.
 * 3. deleteListSchemaField on a list with 100,000 records (inserted set-based):
 *    the one call's time, checked afterwards (no record keeps the key).
 *
 * Environment: DATABASE_ADMIN_URL (else scripts/ensure-postgres.sh prints it),
 * BENCH_LISTS (default 5000), BENCH_RECORDS (default 100000).
 */
import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import { openDatabase, queryRows, type Database } from "@/lib/db/client";
import { createScratchDatabase } from "@/lib/db/testing/database";
import { postgresServerUrl } from "./postgres";
import { handleApiRequest } from "@/lib/platform/gateway";
import { applyFixtures } from "@/lib/platform/operator/fixtures";
import { reportRatio } from "./report";

process.env.PLATFORM_LOG_REQUESTS ??= "0";
const LISTS = Number(process.env.BENCH_LISTS ?? 5000);
const RECORDS = Number(process.env.BENCH_RECORDS ?? 100_000);
const HOLDER = 1;
const BOT = 10;
const PROJECT = randomUUID();
const KEY = `bench-${randomUUID()}`;

const ms = (value: number) => `${value.toFixed(1)} ms`;
const quantile = (values: number[], q: number) => [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(values.length * q))];

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the parsed JSON answer is read field by field; its shape is what the caller checks
async function call(db: Database["db"], method: string, params: Record<string, unknown>): Promise<{ status: number; body: any; ms: number }> {
  const request = new Request(`http://bench.local/api/v1/${method}`, {
    method: "POST",
    headers: { accept: "application/json", authorization: `Bearer ${KEY}`, "content-type": "application/json" },
    body: JSON.stringify(params),
  });
  const started = performance.now();
  const response = await handleApiRequest(db, request, method, { rateLimit: 1_000_000_000 });
  const text = await response.text();
  const elapsed = performance.now() - started;
  return { status: response.status, body: text ? JSON.parse(text) : null, ms: elapsed };
}

async function expectStatus(db: Database["db"], method: string, params: Record<string, unknown>, status: number) {
  const answer = await call(db, method, params);
  if (answer.status !== status) throw new Error(`${method} answered ${answer.status}, expected ${status}: ${JSON.stringify(answer.body)}`);
  return answer;
}

const FIELDS = [
  { name: "Title", slug: "title", type: "string" },
  { name: "Price", slug: "price", type: "money", currency: "EUR" },
  { name: "Count", slug: "10", type: "number", is_required: false },
  { name: "Day", slug: "day", type: "date", is_required: false },
  { name: "Note", slug: "note", type: "string", is_required: false },
];

async function main(): Promise<void> {
  const scratch = await createScratchDatabase(postgresServerUrl(), "bench_lists");
  const { name } = scratch;
  const url = new URL(scratch.url);
  const database = await openDatabase({ url: scratch.url, poolSize: 10 });
  const db = database.db;
  try {
    await applyFixtures(db, {
      accounts: [{ id: HOLDER, email: "bench@example.com", name: "Bench", plan: "pro", api_key: KEY }],
      projects: [{ uuid: PROJECT, account_id: HOLDER, name: "Bench project" }],
      bots: [{ id: BOT, project_uuid: PROJECT, name: "Bench bot" }],
    });
    console.log(`PostgreSQL (${url.host}), database ${name}`);

    // 1. 5,000 creates in one project.
    const times: number[] = [];
    const started = performance.now();
    for (let i = 0; i < LISTS; i++) {
      const answer = await expectStatus(db, "createListSchema", { name: `List ${i}`, project_uuid: PROJECT, fields: FIELDS }, 201);
      times.push(answer.ms);
    }
    const total = performance.now() - started;
    console.log(`\ncreateListSchema ×${LISTS.toLocaleString("en")} (5 fields each, one project, sequential)`);
    console.log(`  total ${(total / 1000).toFixed(2)} s, ${(LISTS / (total / 1000)).toFixed(0)} lists/s`);
    console.log(`  per call: median ${ms(quantile(times, 0.5))}, p95 ${ms(quantile(times, 0.95))}`);
    console.log(`  first 100 median ${ms(quantile(times.slice(0, 100), 0.5))}, last 100 median ${ms(quantile(times.slice(-100), 0.5))}`);
    reportRatio({ bench: "lists", measure: `createListSchema ×${LISTS.toLocaleString("en")}, p95 per call`, value: quantile(times, 0.95), unit: "ms" });
    if (LISTS >= 5000) {
      const over = await expectStatus(db, "createListSchema", { name: "One too many", project_uuid: PROJECT, fields: FIELDS }, 403);
      console.log(`  list 5,001: ${over.status} ${JSON.stringify(over.body)}`);
    }

    // 2. getListSchemas page 1 and the last page.
    await database.db.execute(sql`VACUUM ANALYZE platform.list_schemas`);
    await database.db.execute(sql`VACUUM ANALYZE platform.list_fields`);
    const lastPage = Math.max(1, Math.ceil(LISTS / 50));
    console.log(`\ngetListSchemas (${LISTS.toLocaleString("en")} lists, 50 per page), 30 calls each after 5 warm-up calls`);
    for (const page of [1, Math.min(100, lastPage)]) {
      for (let i = 0; i < 5; i++) await expectStatus(db, "getListSchemas", { page }, 200);
      const pageTimes: number[] = [];
      let rows = 0;
      for (let i = 0; i < 30; i++) {
        const answer = await expectStatus(db, "getListSchemas", { page }, 200);
        pageTimes.push(answer.ms);
        rows = answer.body.data.length;
      }
      console.log(`  page ${page}: median ${ms(quantile(pageTimes, 0.5))}, p95 ${ms(quantile(pageTimes, 0.95))} (${rows} lists)`);
      reportRatio({ bench: "lists", measure: `getListSchemas page ${page} of ${lastPage}, p95`, value: quantile(pageTimes, 0.95), unit: "ms" });
    }

    // 3. deleteListSchemaField on a list with 100,000 records.
    const list = await expectStatus(db, "createListSchema", { name: "Big", bot_id: BOT, fields: FIELDS }, 201).catch(async () => {
      // At the project limit: make room first.
      const first = await expectStatus(db, "getListSchemas", { page: 1 }, 200);
      await expectStatus(db, "deleteListSchema", { schema_id: first.body.data[0].id }, 204);
      return expectStatus(db, "createListSchema", { name: "Big", bot_id: BOT, fields: FIELDS }, 201);
    });
    const schemaId: string = list.body.data.id;
    const loadStarted = performance.now();
    await database.db.execute(sql`
      INSERT INTO platform.list_items (schema_id, data, created_at, updated_at)
      SELECT ${schemaId}::uuid,
             jsonb_build_object('title', 'Record ' || n, 'price', n * 100, '10', n, 'day', '2024-01-01', 'note', 'note ' || n),
             now() - make_interval(secs => ${RECORDS} - n), now()
      FROM generate_series(1, ${RECORDS}) AS n`);
    await database.db.execute(sql`VACUUM ANALYZE platform.list_items`);
    console.log(`\ndeleteListSchemaField on a list with ${RECORDS.toLocaleString("en")} records (loaded set-based in ${ms(performance.now() - loadStarted)})`);
    for (const slug of ["note", "10"]) {
      const answer = await expectStatus(db, "deleteListSchemaField", { schema_id: schemaId, slug }, 204);
      const [check] = await queryRows<{ with_key: number; records: number }>(
        db,
        sql`SELECT count(*) FILTER (WHERE data ? ${slug}::text)::int AS with_key, count(*)::int AS records
            FROM platform.list_items WHERE schema_id = ${schemaId}::uuid`,
      );
      console.log(`  slug "${slug}": ${ms(answer.ms)} — ${check.records.toLocaleString("en")} records, ${check.with_key} still holding the key`);
      const measure = `deleteListSchemaField "${slug}", ${RECORDS.toLocaleString("en")} records`;
      reportRatio({ bench: "lists", measure, value: answer.ms, unit: "ms" });
    }
    const items1 = await expectStatus(db, "getListItems", { schema_id: schemaId, page: 1 }, 200);
    const itemsLast = await expectStatus(db, "getListItems", { schema_id: schemaId, page: Math.ceil(RECORDS / 50) }, 200);
    console.log(`  getListItems afterwards: page 1 ${ms(items1.ms)}, page ${Math.ceil(RECORDS / 50)} ${ms(itemsLast.ms)}`);
  } finally {
    await database.close();
    await scratch.drop();
  }
}

main().catch((error) => {
  console.error(error);
  process.exitCode = 1;
});
