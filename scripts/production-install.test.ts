import { afterAll, describe, expect, test } from "vitest";
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { bundleScripts, OPERATOR_COMMANDS } from "./bundle-scripts.mjs";

/**
 * A production install (`npm ci && npm run build && npm prune --omit=dev`) has no
 * development tools: the operator commands run from the bundle `npm run build` makes,
 * with plain node, and package.json keeps the tools among devDependencies. `npm ci` on
 * Node 20 warns of no package's engine.
 */
const packageJson = JSON.parse(fs.readFileSync("package.json", "utf8")) as {
  scripts: Record<string, string>;
  dependencies: Record<string, string>;
  devDependencies: Record<string, string>;
};

/** Whether a semver range (engines.node's forms: `||`, `>= > <= < ^ ~`, x-ranges such as `20` or `10.*`) admits `version`. */
function admits(range: string, version: string): boolean {
  const [major, minor, patch] = version.split(".").map(Number);
  const compare = (parts: number[]) => major - parts[0] || minor - parts[1] || patch - parts[2];
  const comparators = (set: string) => [...set.matchAll(/(<=|>=|<|>|=|\^|~)?\s*v?(\d+|[xX*])(?:\.(\d+|[xX*]))?(?:\.(\d+|[xX*]))?/g)];
  return range.split("||").some((set) =>
    comparators(set).every(([, op = "=", ...given]) => {
      const parts = given.map((part) => (part === undefined || /[xX*]/.test(part) ? null : Number(part)));
      // How many parts are numbers (`10.*` has one), the lowest version named, and the first one past the range.
      const known = parts.includes(null) ? parts.indexOf(null) : 3;
      if (known === 0) return true;
      const low = parts.map((part) => part ?? 0);
      const caretAt = low.findIndex((part) => part > 0);
      const at = op === "^" ? Math.min(caretAt === -1 ? known - 1 : caretAt, 2) : op === "~" ? Math.min(known - 1, 1) : known - 1;
      const high = low.map((part, index) => (index < at ? part : index === at ? part + 1 : 0));
      if (op === ">=") return compare(low) >= 0;
      if (op === "<") return compare(low) < 0;
      if (op === ">") return known === 3 ? compare(low) > 0 : compare(high) >= 0;
      if (op === "<=") return known === 3 ? compare(low) <= 0 : compare(high) < 0;
      if (op === "=" && known === 3) return compare(low) === 0;
      return compare(low) >= 0 && compare(high) < 0;
    }),
  );
}

const work = fs.mkdtempSync(path.join(os.tmpdir(), "production-install-"));
// Inside the checkout, as dist/scripts is: node resolves the packages from the bundle's place.
const bundleDir = path.resolve("dist", `test-${process.pid}`);
afterAll(() => {
  fs.rmSync(work, { recursive: true, force: true });
  fs.rmSync(bundleDir, { recursive: true, force: true });
});

describe("production install", () => {
  test("development tools are devDependencies, and every npm script a production install runs uses none of them", () => {
    const devTools = ["tsx", "esbuild", "vitest", "@playwright/test", "typescript", "drizzle-kit", "eslint"];
    for (const tool of devTools) expect(Object.keys(packageJson.dependencies)).not.toContain(tool);
    for (const name of ["start", "user:create", "user:password", "platform:load", "backup", "restore", "db:check"]) {
      expect(packageJson.scripts[name], name).toMatch(/^node scripts\/(start|run)\.mjs\b/);
    }
    expect(packageJson.scripts.build).toBe("next build && node scripts/bundle-scripts.mjs");
  });

  test("the bundled operator commands run with plain node, without tsx: platform:load, db:check and user:create on an embedded DATA_DIR", async () => {
    const outdir = await bundleScripts(bundleDir);
    expect(fs.readdirSync(outdir).sort()).toEqual(OPERATOR_COMMANDS.map((name) => `${name}.mjs`).sort());
    for (const file of fs.readdirSync(outdir)) {
      // Packages stay in node_modules: no copy of a library in the bundle.
      expect(fs.readFileSync(path.join(outdir, file), "utf8")).not.toContain("drizzle-orm/pg-core/table");
    }
    // The argon2id binding is native: imported from node_modules, never copied into a bundle.
    const userCreate = fs.readFileSync(path.join(outdir, "user-create.mjs"), "utf8");
    expect(userCreate).toContain('from "@node-rs/argon2"');
    expect(userCreate).not.toContain("argon2-linux-x64");
    const dataDir = path.join(work, "data");
    const fixtures = path.join(work, "fixtures.json");
    fs.writeFileSync(
      fixtures,
      JSON.stringify({
        accounts: [{ id: 1, email: "owner@example.com", plan: "pro", api_key: "key-production-1" }],
        projects: [{ uuid: "8d4f0c9e-5a7b-4c1d-9e2f-0000000000b1", account_id: 1, name: "Shop" }],
        bots: [{ id: 10, project_uuid: "8d4f0c9e-5a7b-4c1d-9e2f-0000000000b1", name: "Shop bot" }],
      }),
    );
    // NODE_OPTIONS cleared: nothing may reach a TypeScript loader.
    const env = { ...process.env, DATA_DIR: dataDir, DATABASE_URL: "", NODE_OPTIONS: "" };
    const load = spawnSync(process.execPath, [path.join(outdir, "platform-load.mjs"), fixtures], { env, encoding: "utf8", timeout: 120_000 });
    expect(load.stderr).not.toMatch(/Error|ERR_/);
    expect(load.status).toBe(0);
    expect(JSON.parse(load.stdout).applied).toMatchObject({ accounts: 1, projects: 1, bots: 1 });
    const check = spawnSync(process.execPath, [path.join(outdir, "check-journal.mjs")], { env, encoding: "utf8", timeout: 120_000 });
    expect(check.status).toBe(0);
    expect(check.stdout).toMatch(/journal check passed/);
    // user:create hashes an invited member's unusable password with argon2id through the native binding, with plain node.
    const created = spawnSync(process.execPath, [path.join(outdir, "user-create.mjs"), "--email", "ann@example.com", "--role", "owner"], {
      env,
      encoding: "utf8",
      timeout: 120_000,
    });
    expect(created.stderr).not.toMatch(/Error|ERR_/);
    expect(created.status).toBe(0);
    expect(created.stdout).toMatch(
      /^Created owner ann@example\.com \(id \d+\)\.\nOne-time link \(shown once, valid until [^)]+\): \S+\/welcome\/[A-Za-z0-9_-]{43}\n$/,
    );
  }, 180_000);

  // npm warns EBADENGINE for each installed package whose engines.node leaves this Node out (Node 20 is the supported
  // one). The API reference's viewer, Scalar (Node >=22, two dozen packages), is no dependency: next build fetches its
  // browser build (scripts/api-reference-bundle.mjs).
  test.runIf(process.versions.node.startsWith("20."))(
    "on Node 20, npm ci warns of no engine: every package the lock file installs here admits this Node",
    () => {
      type Entry = { engines?: { node?: string }; os?: string[]; cpu?: string[] };
      const lock = JSON.parse(fs.readFileSync("package-lock.json", "utf8")) as { packages: Record<string, Entry> };
      const excluded = (list: string[] | undefined, value: string) =>
        list !== undefined && (list.some((item) => !item.startsWith("!")) ? !list.includes(value) : list.includes(`!${value}`));
      const installedHere = Object.entries(lock.packages).filter(([, entry]) => !excluded(entry.os, process.platform) && !excluded(entry.cpu, process.arch));
      expect(installedHere.length).toBeGreaterThan(500);
      const refusing = installedHere
        .filter(([, entry]) => typeof entry.engines?.node === "string" && !admits(entry.engines.node, process.versions.node))
        .map(([name, entry]) => `${name.replace(/^.*node_modules\//, "")}: node ${entry.engines!.node}`);
      expect(refusing).toEqual([]);
      expect(Object.keys(lock.packages).filter((name) => name.includes("node_modules/@scalar/"))).toEqual([]);
      // The check itself: the ranges it reads.
      for (const range of ["^20.19.0 || >=22.12.0", ">= 0.4", "6.* || 8.* || >= 10.*", ">=16 || 14 >=14.17", "*"])
        expect(admits(range, "20.19.0"), range).toBe(true);
      for (const range of [">=22", "^20.20.0", "18 || >=21", "<20", "~20.18.0"]) expect(admits(range, "20.19.0"), range).toBe(false);
    },
  );

  test("scripts/run.mjs names an unknown command and exits 2", () => {
    const result = spawnSync(process.execPath, ["scripts/run.mjs", "../start"], { encoding: "utf8" });
    expect(result.status).toBe(2);
    expect(result.stderr.trim()).toBe('run: no operator command "../start" (scripts/<name>.ts)');
  });
});
