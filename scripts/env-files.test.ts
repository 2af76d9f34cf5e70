import { spawnSync } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { afterAll, describe, expect, test } from "vitest";

/**
 * `.env` files, as Next reads them (lib/core/config.mjs, loadEnvFiles): `npm start`, `npm run demo` and the operator
 * commands read `.env.production.local`, `.env.local`, `.env.production` and `.env` of their directory before any
 * setting is checked, the first file that sets a variable winning, and the real environment winning over them all.
 * Each case runs in a directory of its own, in processes of its own, with an environment holding none of the settings
 * (nor NODE_ENV, under which Next reads the .env.test files instead).
 */
const root = process.cwd();
const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
});

/** A directory holding these files. */
function directoryWith(files: Record<string, string>): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "env-files-"));
  dirs.push(dir);
  for (const [name, text] of Object.entries(files)) fs.writeFileSync(path.join(dir, name), text);
  return dir;
}

/** An environment without the test run's settings: the command's own, and what a process needs to run. */
const bareEnv = (variables: Record<string, string> = {}): NodeJS.ProcessEnv =>
  // No NODE_ENV, on purpose (Next's types say every environment has one).
  ({ PATH: process.env.PATH ?? "", HOME: process.env.HOME ?? os.tmpdir(), ...variables }) as unknown as NodeJS.ProcessEnv;

const lines = (variables: Record<string, string>) =>
  Object.entries(variables)
    .map(([name, value]) => `${name}=${value}\n`)
    .join("");

/**
 * A process that loads the files of its working directory, then prints what it sees: the variables, the settings
 * config() parses from them, and the variables again after a second load, as Next's own server in `npm start` makes
 * one (`next({ dev: false })` calls loadEnvConfig(dir, false) in the same process). It also parses the configuration
 * before loading, as a module that read a setting early would: the files must still count.
 */
const probe = `
import { config, loadEnvFiles } from ${JSON.stringify(pathToFileURL(path.join(root, "lib/core/config.mjs")).href)};
import nextEnv from ${JSON.stringify(pathToFileURL(path.join(root, "node_modules/@next/env/dist/index.js")).href)};
const names = JSON.parse(process.argv[2]);
const pick = () => Object.fromEntries(names.map((name) => [name, process.env[name] ?? null]));
config();
const files = loadEnvFiles();
const variables = pick();
const { port, hostname, platform, demoContacts, dashboard } = config();
nextEnv.loadEnvConfig(process.cwd(), false);
console.log(JSON.stringify({ files, variables, settings: { port, hostname, rateLimit: platform.rateLimit, logRequests: platform.logRequests, demoContacts, maxFailures: dashboard.signIn.maxFailures }, again: pick() }));
`;

function runProbe(dir: string, names: string[], env: Record<string, string>) {
  const file = path.join(dir, "probe.mjs");
  fs.writeFileSync(file, probe);
  const run = spawnSync(process.execPath, [file, JSON.stringify(names)], { cwd: dir, env: bareEnv(env), encoding: "utf8", timeout: 30_000 });
  expect(run.status, run.stderr).toBe(0);
  return JSON.parse(run.stdout) as {
    files: string[];
    variables: Record<string, string | null>;
    settings: Record<string, unknown>;
    again: Record<string, string | null>;
  };
}

describe(".env files (lib/core/config.mjs, loadEnvFiles)", () => {
  test("each of the four files is read; .env.production.local > .env.local > .env.production > .env; the real environment, set or empty, wins over all", () => {
    const dir = directoryWith({
      ".env": lines({
        PORT: "4001",
        PLATFORM_RATE_LIMIT: "11",
        DEMO_CONTACTS: "101",
        DASHBOARD_SIGNIN_MAX_FAILURES: "7",
        HOSTNAME: "10.0.0.1",
        PLATFORM_LOG_REQUESTS: "0",
      }),
      ".env.production": lines({ PORT: "4002", PLATFORM_RATE_LIMIT: "12", DEMO_CONTACTS: "102", HOSTNAME: "10.0.0.2" }),
      ".env.local": lines({ PORT: "4003", PLATFORM_RATE_LIMIT: "13", HOSTNAME: "10.0.0.3" }),
      ".env.production.local": lines({ PORT: "4004", HOSTNAME: "10.0.0.4" }),
      // Development files are Next's `next dev`'s: never read here.
      ".env.development": lines({ DASHBOARD_SIGNIN_MAX_FAILURES: "99" }),
    });
    const names = ["PORT", "PLATFORM_RATE_LIMIT", "DEMO_CONTACTS", "DASHBOARD_SIGNIN_MAX_FAILURES", "HOSTNAME", "PLATFORM_LOG_REQUESTS"];
    const seen = runProbe(dir, names, { HOSTNAME: "127.0.0.9", PLATFORM_LOG_REQUESTS: "" });
    expect(seen.files).toEqual([".env.production.local", ".env.local", ".env.production", ".env"]);
    const expected = {
      PORT: "4004", // .env.production.local, over all three others
      PLATFORM_RATE_LIMIT: "13", // .env.local, over .env.production and .env
      DEMO_CONTACTS: "102", // .env.production, over .env
      DASHBOARD_SIGNIN_MAX_FAILURES: "7", // .env alone
      HOSTNAME: "127.0.0.9", // the environment, over every file
      PLATFORM_LOG_REQUESTS: "", // set empty in the environment: no file fills it, so it has its default
    };
    expect(seen.variables).toEqual(expected);
    expect(seen.settings).toEqual({ port: 4004, hostname: "127.0.0.9", rateLimit: 13, logRequests: true, demoContacts: 102, maxFailures: 7 });
    // Next's own load in the same process changes nothing.
    expect(seen.again).toEqual(expected);
  });

  test("no files: nothing is read and the defaults hold; a child process keeps what its parent loaded, whatever the files say since", () => {
    const empty = runProbe(directoryWith({}), ["PORT"], {});
    expect(empty).toMatchObject({ files: [], variables: { PORT: null }, settings: { port: 3000, hostname: "127.0.0.1", rateLimit: 120 } });

    // As scripts/run.mjs and the demo hand the loaded values to the command, the build, the seed and the server.
    const dir = directoryWith({ ".env.local": lines({ PORT: "4010" }) });
    const parent = path.join(dir, "parent.mjs");
    fs.writeFileSync(
      parent,
      `
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import { loadEnvFiles } from ${JSON.stringify(pathToFileURL(path.join(root, "lib/core/config.mjs")).href)};
loadEnvFiles();
fs.writeFileSync(".env.local", "PORT=4011\\n");
fs.writeFileSync(".env.production.local", "PORT=4012\\nDEMO_CONTACTS=55\\n");
const child = spawnSync(process.execPath, ["probe.mjs", JSON.stringify(["PORT", "DEMO_CONTACTS"])], { encoding: "utf8" });
process.stdout.write(child.stdout);
`,
    );
    fs.writeFileSync(path.join(dir, "probe.mjs"), probe);
    const run = spawnSync(process.execPath, [parent], { cwd: dir, env: bareEnv(), encoding: "utf8", timeout: 30_000 });
    expect(run.status, run.stderr).toBe(0);
    // The child keeps what its parent loaded and applies no file again (Next's __NEXT_PROCESSED_ENV): one reading per run.
    expect(JSON.parse(run.stdout)).toMatchObject({ variables: { PORT: "4010", DEMO_CONTACTS: null }, settings: { port: 4010, demoContacts: 50_000 } });
  });

  test("an operator command (scripts/run.mjs) reads them: db:migrate goes to the DATABASE_URL of .env.local, not .env's, and the environment's wins", () => {
    const dir = directoryWith({
      ".env": lines({ DATABASE_URL: "postgres://user:secret@127.0.0.1:1/from_env_file" }),
      ".env.local": lines({ DATABASE_URL: "postgres://user:secret@127.0.0.1:1/from_env_local" }),
    });
    // tsx finds the project's tsconfig (its `@/` paths) from the working directory: here, from the variable.
    const env = { TSX_TSCONFIG_PATH: path.join(root, "tsconfig.json") };
    const migrate = (variables: Record<string, string>) =>
      spawnSync(process.execPath, [path.join(root, "scripts/run.mjs"), "db-migrate"], {
        cwd: dir,
        env: bareEnv({ ...env, ...variables }),
        encoding: "utf8",
        timeout: 60_000,
      });
    const fromFile = migrate({});
    expect(fromFile.status).toBe(1);
    expect(fromFile.stderr.split("\n")[0]).toBe("db:migrate: on the PostgreSQL server at 127.0.0.1:1/from_env_local (DATABASE_URL)");
    expect(fromFile.stderr).not.toContain("secret");
    const fromEnvironment = migrate({ DATABASE_URL: "postgres://user:secret@127.0.0.1:1/from_environment" });
    expect(fromEnvironment.stderr.split("\n")[0]).toBe("db:migrate: on the PostgreSQL server at 127.0.0.1:1/from_environment (DATABASE_URL)");
  }, 120_000);

  test("npm start: NEXTAUTH_SECRET only in .env.local gets past the refusal (PORT from .env: a port in use stops it next); the environment's wins; npm run demo reads them too", async () => {
    const holder = net.createServer();
    await new Promise<void>((resolve) => holder.listen(0, "127.0.0.1", resolve));
    const port = (holder.address() as net.AddressInfo).port;
    try {
      const dir = directoryWith({ ".env": lines({ PORT: String(port) }) });
      const start = (env: Record<string, string> = {}) =>
        spawnSync(process.execPath, [path.join(root, "scripts/start.mjs")], {
          cwd: dir,
          env: bareEnv({ DATA_DIR: path.join(dir, "data"), ...env }),
          encoding: "utf8",
          timeout: 60_000,
        });
      const refusal = "npm start: NEXTAUTH_SECRET is not set: the dashboard signs its session cookies with it (openssl rand -base64 32)\n";
      expect(start().stderr).toBe(refusal);

      fs.writeFileSync(path.join(dir, ".env.local"), lines({ NEXTAUTH_SECRET: "a-secret-only-in-the-file-0123456789" }));
      const started = start();
      expect(started.stderr).not.toContain("NEXTAUTH_SECRET");
      expect(started.stderr).toBe(
        `npm start: port ${port} on 127.0.0.1 is in use by another process; set PORT= to pick another (e.g. PORT=${port + 1} npm start).\n`,
      );
      expect(started.status).toBe(1);

      // A secret of the environment is the one checked (this one is too short), whatever the file holds.
      expect(start({ NEXTAUTH_SECRET: "short" }).stderr).toBe(
        "npm start: NEXTAUTH_SECRET must be at least 32 characters (openssl rand -base64 32); the value given has 5\n",
      );

      // npm run demo reads the same files: the port of .env, in use, stops it before it builds or seeds anything.
      const demo = spawnSync(process.execPath, [path.join(root, "scripts/demo.mjs"), "--no-build"], {
        cwd: dir,
        env: bareEnv({ DATA_DIR: path.join(dir, "demo-data") }),
        encoding: "utf8",
        timeout: 60_000,
      });
      expect(demo.stderr).toBe(
        `demo: port ${port} on 127.0.0.1 is in use by another process; set PORT= to pick another (e.g. PORT=${port + 1} npm run demo).\n`,
      );
      expect(demo.status).toBe(1);
    } finally {
      holder.close();
    }
  }, 120_000);
});
