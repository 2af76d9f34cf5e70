import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, test } from "vitest";
import { sql } from "drizzle-orm";
import { queryRows } from "@/lib/db/client";
import { useTestDatabase } from "@/lib/db/testing/use-test-database";
import { sqlStateOf } from "@/lib/platform/accounts/access";
import { OPERATOR_ORIGIN } from "./one-time-links";
import { DEFAULT_RETENTION_DAYS, pruneSecurityLog, readRetentionDays } from "./security-log-retention";

const database = useTestDatabase();
const dir = fs.mkdtempSync(path.join(os.tmpdir(), "security-log-prune-"));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

/** An entry as it was written `daysAgo` days ago (the log takes inserts of any time). */
async function entry(daysAgo: number, email: string): Promise<number> {
  const [row] = await queryRows<{ id: number }>(
    database.db,
    sql`INSERT INTO dashboard.security_events (created_at, kind, subject_email, address, user_agent)
        VALUES (now() - make_interval(days => ${daysAgo}::int), 'sign_in_failed', ${email}, '203.0.113.9', 'test')
        RETURNING id::int AS id`,
  );
  return row.id;
}

const idsLeft = async (ids: number[]) =>
  (
    await queryRows<{ id: number }>(
      database.db,
      sql`SELECT id::int AS id FROM dashboard.security_events WHERE id IN (${sql.join(
        ids.map((id) => sql`${id}`),
        sql`, `,
      )}) ORDER BY id`,
    )
  ).map((row) => row.id);

describe("the security log's retention", () => {
  test("prune: entries older than 400 days go to a 0600 CSV file, then out of the database; younger ones stay; the prune is recorded", async () => {
    expect(await readRetentionDays(database.db)).toBe(DEFAULT_RETENTION_DAYS);
    const old = [await entry(500, "old1@example.com"), await entry(450, "old2@example.com"), await entry(401, '=cmd|"/c calc"!A1')];
    const young = await entry(100, "young@example.com");
    const file = path.join(dir, "first.csv");
    const result = await pruneSecurityLog(database.db, { file, origin: OPERATOR_ORIGIN });
    expect(result).toMatchObject({ retentionDays: 400, exported: 3, deleted: 3, file });
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    const lines = fs.readFileSync(file, "utf8").trim().split("\n");
    expect(lines[0]).toBe("id,created_at,kind,actor_user_id,actor_email,subject_user_id,subject_email,address,user_agent,detail");
    expect(lines.slice(1).map((line) => Number(line.split(",")[0]))).toEqual(old);
    // A formula in a typed email is written as text.
    expect(lines[3]).toContain(`"'=cmd|""/c calc""!A1"`);
    expect(await idsLeft([...old, young])).toEqual([young]);
    const [pruned] = await queryRows<{ detail: Record<string, unknown>; address: string }>(
      database.db,
      sql`SELECT detail, address FROM dashboard.security_events WHERE kind = 'security_log_pruned' ORDER BY id DESC LIMIT 1`,
    );
    expect(pruned).toMatchObject({ address: "operator", detail: { retention_days: 400, previous_retention_days: 400, exported: 3, deleted: 3 } });
  });

  test("the database itself refuses to delete an entry younger than the retention, whoever connects; an older one it lets go", async () => {
    const young = await entry(399, "young@example.com");
    const old = await entry(420, "old@example.com");
    const error = await database.db.execute(sql`DELETE FROM dashboard.security_events WHERE id = ${young}`).then(
      () => null,
      (caught: unknown) => caught,
    );
    expect(sqlStateOf(error)).toBe("42501");
    await database.db.execute(sql`DELETE FROM dashboard.security_events WHERE id = ${old}`);
    expect(await idsLeft([young, old])).toEqual([young]);
  });

  test("a retention the owners set is saved and recorded; 29 days is refused by the database; nothing is deleted when the file cannot be written", async () => {
    const ninetyDaysOld = await entry(90, "ninety@example.com");
    const taken = path.join(dir, "taken.csv");
    fs.writeFileSync(taken, "someone else's file");
    await expect(pruneSecurityLog(database.db, { file: taken, retentionDays: 60, origin: OPERATOR_ORIGIN })).rejects.toMatchObject({ code: "EEXIST" });
    expect(fs.readFileSync(taken, "utf8")).toBe("someone else's file");
    expect(await idsLeft([ninetyDaysOld])).toEqual([ninetyDaysOld]);

    const result = await pruneSecurityLog(database.db, { file: path.join(dir, "sixty.csv"), retentionDays: 60, origin: OPERATOR_ORIGIN });
    expect(result).toMatchObject({ retentionDays: 60 });
    expect(await idsLeft([ninetyDaysOld])).toEqual([]);
    const [pruned] = await queryRows<{ detail: Record<string, unknown> }>(
      database.db,
      sql`SELECT detail FROM dashboard.security_events WHERE kind = 'security_log_pruned' ORDER BY id DESC LIMIT 1`,
    );
    expect(pruned.detail).toMatchObject({ retention_days: 60, previous_retention_days: 400 });

    const tooShort = await database.db.execute(sql`UPDATE dashboard.security_settings SET security_log_retention_days = 29 WHERE id = 1`).then(
      () => null,
      (caught: unknown) => caught,
    );
    expect(sqlStateOf(tooShort)).toBe("23514");
    expect(await readRetentionDays(database.db)).toBe(60);
  });
});
