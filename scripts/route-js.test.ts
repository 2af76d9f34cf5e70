import { afterAll, describe, expect, test } from "vitest";
import { spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { formatTable, measureRoutes, overLimit, sizeOfFile } from "./route-js.mjs";

/**
 * scripts/route-js.mjs on a small build folder laid out as `next build` writes one: the build manifest's shared files,
 * the app paths, one client reference manifest per page (a script that fills globalThis.__RSC_MANIFEST).
 */
const dist = fs.mkdtempSync(path.join(os.tmpdir(), "route-js-"));
afterAll(() => fs.rmSync(dist, { recursive: true, force: true }));

function write(file: string, content: string | Buffer) {
  fs.mkdirSync(path.dirname(path.join(dist, file)), { recursive: true });
  fs.writeFileSync(path.join(dist, file), content);
}
/** Random bytes do not compress: their gzip size is a little over their size. */
const incompressible = (kb: number) => randomBytes(kb * 1000);
function clientManifest(appPath: string, entryJSFiles: Record<string, string[]>) {
  write(
    `server/app${appPath}_client-reference-manifest.js`,
    `globalThis.__RSC_MANIFEST = globalThis.__RSC_MANIFEST || {};\n` +
      `globalThis.__RSC_MANIFEST[${JSON.stringify(appPath)}] = ${JSON.stringify({ clientModules: {}, entryJSFiles })};\n`,
  );
}

write(
  "build-manifest.json",
  JSON.stringify({ rootMainFiles: ["static/chunks/react.js", "static/chunks/runtime.js"], polyfillFiles: ["static/chunks/polyfills.js"] }),
);
write(
  "app-path-routes-manifest.json",
  JSON.stringify({
    "/login/page": "/login",
    "/(dashboard)/contacts/(browse)/page": "/contacts",
    "/api/health/route": "/api/health",
    "/_global-error/page": "/_global-error",
  }),
);
write("static/chunks/react.js", incompressible(120));
write("static/chunks/runtime.js", incompressible(10));
write("static/chunks/polyfills.js", incompressible(40));
write("static/chunks/layout.js", incompressible(5));
write("static/chunks/root-not-found.js", incompressible(3));
write("static/chunks/login.js", "const message = 'sign in';\n".repeat(400));
write("static/chunks/shell.js", incompressible(30));
write("static/chunks/contacts.js", incompressible(50));
write("static/chunks/tiny.js", "x();\n".repeat(100));
write("static/css/app.css", incompressible(20));
clientManifest("/login/page", {
  "[project]/app/layout": ["static/chunks/layout.js"],
  "[project]/app/not-found": ["static/chunks/layout.js", "static/chunks/root-not-found.js"],
  "[project]/app/login/page": ["static/chunks/layout.js", "static/chunks/login.js", "static/css/app.css"],
});
clientManifest("/(dashboard)/contacts/(browse)/page", {
  "[project]/app/layout": ["static/chunks/layout.js"],
  "[project]/app/not-found": ["static/chunks/layout.js", "static/chunks/root-not-found.js"],
  "[project]/app/(dashboard)/layout": ["static/chunks/layout.js", "static/chunks/shell.js"],
  "[project]/app/(dashboard)/not-found": ["static/chunks/layout.js", "static/chunks/shell.js", "static/chunks/tiny.js"],
  "[project]/app/(dashboard)/contacts/(browse)/page": ["static/chunks/layout.js", "static/chunks/shell.js", "static/chunks/contacts.js"],
});

const run = (...args: string[]) => spawnSync(process.execPath, ["scripts/route-js.mjs", ...args], { encoding: "utf8" });

describe("JavaScript per route (scripts/route-js.mjs)", () => {
  test("a route's first load: the shared root files and its segments' chunks, once each; no polyfills, CSS, or a parent's not-found", () => {
    const rows = measureRoutes(dist);
    expect(rows.map((row) => row.route)).toEqual(["/contacts", "/login"]);
    const [contacts, login] = rows;
    expect(contacts.files.map((file) => path.basename(file.file))).toEqual(["react.js", "runtime.js", "layout.js", "shell.js", "tiny.js", "contacts.js"]);
    expect(login.files.map((file) => path.basename(file.file))).toEqual(["react.js", "runtime.js", "layout.js", "root-not-found.js", "login.js"]);
    expect(contacts.raw).toBe((120 + 10 + 5 + 30 + 50) * 1000 + 500);
    for (const row of rows) expect(row.gzip).toBe(row.files.reduce((total, file) => total + file.gzip, 0));
    // Incompressible files gain only gzip's framing; the repeated text shrinks to a fraction.
    expect(contacts.gzip).toBeGreaterThan(contacts.raw - 500);
    expect(contacts.gzip).toBeLessThan(contacts.raw + 500);
    const loginText = login.files.find((file) => file.file.endsWith("login.js"))!;
    expect(loginText.raw).toBe(10_800);
    expect(loginText.gzip).toBeLessThan(200);
  });

  test("an answer under 1,024 bytes is sent as it is (no gzip), larger ones gzipped", () => {
    expect(sizeOfFile(Buffer.from("a".repeat(1023)))).toEqual({ raw: 1023, gzip: 1023 });
    const larger = sizeOfFile(Buffer.from("a".repeat(1024)));
    expect(larger.raw).toBe(1024);
    expect(larger.gzip).toBeLessThan(100);
  });

  test("the limit: a route over it is named; the table lists every route, its files and the largest", () => {
    const rows = measureRoutes(dist);
    expect(overLimit(rows).map((row) => row.route)).toEqual(["/contacts"]);
    expect(overLimit(rows, 300)).toEqual([]);
    expect(overLimit(rows, 100).map((row) => row.route)).toEqual(["/contacts", "/login"]);
    const table = formatTable(rows, { budget: true }).split("\n");
    expect(table[0]).toMatch(/^route\s+files\s+raw kB\s+gzip kB\s+goal ≤ 170 kB$/);
    expect(table[1]).toMatch(/^\/contacts\s+6\s+215\.5\s+215\.\d\s+over by 45\.\d$/);
    expect(table[2]).toMatch(/^\/login\s+5\s+148\.8\s+138\.\d\s+met$/);
    expect(table[3]).toMatch(/^max: \/contacts 215\.\d kB gzip \(limit 200 kB, goal 170 kB\)$/);
  });

  test("the command exits 1 past the limit with the table printed, 0 under it, 2 without a build", () => {
    const failed = run("--dir", dist);
    expect(failed.status).toBe(1);
    expect(failed.stdout).toMatch(/^\/contacts\s+6\s+215\.5\s+215\.\d$/m);
    expect(failed.stdout).toMatch(/^\/login\s+5\s+148\.8\s+138\.\d$/m);
    expect(failed.stdout).not.toContain("goal ≤");
    expect(failed.stderr).toBe("JavaScript per route: /contacts past 200 kB gzip\n");

    const passed = run("--dir", dist, "--limit", "250", "--budget", "--files");
    expect(passed.status).toBe(0);
    expect(passed.stdout).toMatch(/^\/contacts\s+6\s+215\.5\s+215\.\d\s+over by/m);
    expect(passed.stdout).toMatch(/^ {2}static\/chunks\/contacts\.js\s+50\.0\s+50\.0$/m);
    expect(passed.stdout).toMatch(/^max: \/contacts 215\.\d kB gzip \(limit 250 kB, goal 170 kB\)$/m);
    expect(passed.stderr).toBe("");

    const missing = run("--dir", path.join(dist, "nothing"));
    expect(missing.status).toBe(2);
    expect(missing.stderr).toContain("no production build in");
  });
});
