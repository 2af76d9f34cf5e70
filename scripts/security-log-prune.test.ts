import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, expect, test } from "vitest";

/** The operator's command as typed, on an embedded database that no server holds (the script opens it itself). */
const root = fs.mkdtempSync(path.join(os.tmpdir(), "security-log-prune-cli-"));
afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

const prune = (...args: string[]) =>
  spawnSync(path.resolve("node_modules/.bin/tsx"), ["scripts/security-log-prune.ts", ...args], {
    env: { ...process.env, DATA_DIR: path.join(root, "data"), DATABASE_URL: "" },
    encoding: "utf8",
  });

test("security-log:prune: exports and prunes with the retention given, says what it did; a retention under 30 days or no file is refused with the usage", () => {
  const file = path.join(root, "export.csv");
  const done = prune("--out", file, "--retention-days", "90");
  expect(done.status, done.stderr).toBe(0);
  expect(done.stdout).toMatch(new RegExp(`^Security log: 0 entries older than 90 days \\(before .+\\) written to ${file}; 0 deleted\\.\\n$`));
  expect(fs.readFileSync(file, "utf8").trim()).toBe("id,created_at,kind,actor_user_id,actor_email,subject_user_id,subject_email,address,user_agent,detail");

  const again = prune("--out", file);
  expect(again.status).toBe(1);
  expect(again.stderr).toContain("exists already: name a new file");

  for (const args of [
    ["--out", path.join(root, "b.csv"), "--retention-days", "29"],
    ["--retention-days", "90"],
    ["--out", path.join(root, "c.csv"), "--retention-days", "1e3"],
  ]) {
    const refused = prune(...args);
    expect(refused.status).toBe(2);
    expect(refused.stderr).toMatch(/^usage: npm run security-log:prune -- --out FILE\.csv \[--retention-days N\]\n/);
  }
}, 120_000);
