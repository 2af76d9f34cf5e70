import { createHash, randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { loadOnce } from "@/lib/core/load-once";
import { MIGRATIONS_FOLDER, openDatabase, type Database } from "../client";

/**
 * The PostgreSQL server the tests use, if any: TEST_DATABASE_URL is where queries go (the server, or a
 * connection pooler in front of it: `npm run test:pgbouncer`), TEST_DATABASE_DIRECT_URL the server itself
 * (unset: the same), for what must hold one session — creating and dropping databases, migrations, loading a dump.
 */
export function testServer(): { url: string; directUrl: string } | null {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) return null;
  return { url, directUrl: process.env.TEST_DATABASE_DIRECT_URL || url };
}

/** `url`: the way queries go (through the pooler, if there is one); `directUrl`: the server itself. Both unset on PGlite. */
export type TestDatabase = Database & { url?: string; directUrl?: string };

/**
 * A fresh, migrated database for one test file: PGlite in memory, or — when
 * TEST_DATABASE_URL is set — a new database on that PostgreSQL server, dropped on close.
 * Both start from a template migrated once (pgliteTemplate, postgresTemplate below), not from nothing: a copy costs a
 * fraction of the migrations (PGlite: loading a dump ~0.6 s against ~4 s).
 */
export async function createTestDatabase(options: { poolSize?: number } = {}): Promise<TestDatabase> {
  const server = testServer();
  if (!server) return openDatabase({ loadDataDir: await pgliteTemplate() });
  const scratch = await createScratchDatabase(server.url, "test", server.directUrl, await postgresTemplate(server.directUrl));
  const database = await openDatabase({ url: scratch.url, directUrl: scratch.directUrl, poolSize: options.poolSize ?? 20 });
  return {
    ...database,
    url: scratch.url,
    directUrl: scratch.directUrl,
    async close() {
      await database.close();
      await scratch.drop();
    },
  };
}

/** The variables that point a server a test starts (`npm start`) at this database, as a deployment behind a pooler sets them. */
export function serverDatabaseEnv(database: TestDatabase): { DATABASE_URL: string; DATABASE_DIRECT_URL: string } {
  return { DATABASE_URL: database.url ?? "", DATABASE_DIRECT_URL: database.directUrl ?? "" };
}

export interface ScratchDatabase {
  name: string;
  /** Through `serverUrl` (a pooler's `* =` entry passes any database name on to the server). */
  url: string;
  /** On the server itself. */
  directUrl: string;
  /** Drops it, closing whatever connections are still open. */
  drop(): Promise<void>;
}

/**
 * A new database on a PostgreSQL server (tests and benchmarks), named `<prefix>_<time>_<random>`: empty, or a copy
 * of `template`; created and dropped on `directUrl` (default: `serverUrl`).
 */
export async function createScratchDatabase(serverUrl: string, prefix: string, directUrl = serverUrl, template?: string): Promise<ScratchDatabase> {
  const { Client } = await import("pg");
  const name = `${prefix}_${Date.now().toString(36)}_${randomBytes(4).toString("hex")}`;
  const admin = new Client({ connectionString: directUrl });
  await admin.connect();
  try {
    await admin.query(template ? `CREATE DATABASE "${name}" TEMPLATE "${template}"` : `CREATE DATABASE "${name}"`);
  } finally {
    await admin.end();
  }
  const named = (address: string) => {
    const url = new URL(address);
    url.pathname = `/${name}`;
    return url.toString();
  };
  return {
    name,
    url: named(serverUrl),
    directUrl: named(directUrl),
    async drop() {
      // WITH (FORCE) also ends a pooler's idle server connections to it.
      const cleanup = new Client({ connectionString: directUrl });
      await cleanup.connect();
      try {
        await cleanup.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      } finally {
        await cleanup.end();
      }
    },
  };
}

export const testDriver = (): "pg" | "pglite" => (process.env.TEST_DATABASE_URL ? "pg" : "pglite");

/**
 * What a migrated database depends on: the migrations (drizzle/), the code that applies them, and the engine's
 * release (a PGlite dump is read by the same release only). A template made under another key is never used.
 */
function templateKey(): string {
  const hash = createHash("sha256");
  const files = fs.readdirSync(MIGRATIONS_FOLDER, { recursive: true, encoding: "utf8" }).sort();
  for (const file of files) {
    const full = path.join(MIGRATIONS_FOLDER, file);
    if (!fs.statSync(full).isFile()) continue;
    hash.update(`${file}\0`).update(fs.readFileSync(full)).update("\0");
  }
  hash.update(fs.readFileSync(path.join(process.cwd(), "lib/db/migrate.ts")));
  const pglite = JSON.parse(fs.readFileSync(path.join(process.cwd(), "node_modules/@electric-sql/pglite/package.json"), "utf8")) as { version: string };
  hash.update(pglite.version);
  return hash.digest("hex").slice(0, 16);
}

/** Where migrated PGlite templates are kept between runs (one file per key; older keys are removed). */
const TEMPLATE_DIR = path.join(os.tmpdir(), "chatbot-platform-test-templates");

/**
 * A dump of a migrated in-memory PGlite, made once per key on this machine and kept in TEMPLATE_DIR: each test
 * file's database loads it. Written under a temporary name and renamed, so that several test processes that
 * miss it at once each write a whole file and a reader never sees half of one.
 */
const pgliteTemplate = loadOnce(async (): Promise<Blob> => {
  const file = path.join(TEMPLATE_DIR, `pglite-${templateKey()}.tar`);
  if (fs.existsSync(file)) return new Blob([fs.readFileSync(file)]);
  const database = await openDatabase({});
  try {
    const dump = await database.withEngine!((engine) => engine.dumpDataDir("none"));
    const bytes = Buffer.from(await dump.arrayBuffer());
    fs.mkdirSync(TEMPLATE_DIR, { recursive: true });
    const partial = `${file}.${process.pid}.${randomBytes(4).toString("hex")}`;
    fs.writeFileSync(partial, bytes);
    fs.renameSync(partial, file);
    for (const other of fs.readdirSync(TEMPLATE_DIR)) {
      if (other.endsWith(".tar") && path.join(TEMPLATE_DIR, other) !== file) fs.rmSync(path.join(TEMPLATE_DIR, other), { force: true });
    }
    return new Blob([bytes]);
  } finally {
    await database.close();
  }
});

const postgresTemplates = new Map<string, () => Promise<string>>();
/** An arbitrary constant: the advisory lock under which a template database is made (one maker per server). */
const TEMPLATE_LOCK_ID = 71_402_143;

/**
 * The name of a migrated database on the server at `directUrl` that CREATE DATABASE … TEMPLATE copies: made once
 * per key on that server (under an advisory lock, so that test processes starting together make it once), then
 * closed to connections, as a template must be while it is copied. Templates of other keys are dropped.
 */
function postgresTemplate(directUrl: string): Promise<string> {
  let make = postgresTemplates.get(directUrl);
  if (!make) {
    make = loadOnce(() => makePostgresTemplate(directUrl));
    postgresTemplates.set(directUrl, make);
  }
  return make();
}

async function makePostgresTemplate(directUrl: string): Promise<string> {
  const { Client } = await import("pg");
  const name = `test_template_${templateKey()}`;
  const admin = new Client({ connectionString: directUrl });
  await admin.connect();
  try {
    await admin.query("SELECT pg_advisory_lock($1)", [TEMPLATE_LOCK_ID]);
    const found = await admin.query("SELECT 1 FROM pg_database WHERE datname = $1", [name]);
    if (found.rowCount) return name;
    const scratch = await createScratchDatabase(directUrl, `${name}_making`);
    try {
      const database = await openDatabase({ url: scratch.url, poolSize: 1 });
      await database.close();
      await admin.query(`ALTER DATABASE "${scratch.name}" RENAME TO "${name}"`);
    } catch (error) {
      await scratch.drop();
      throw error;
    }
    await admin.query(`ALTER DATABASE "${name}" WITH ALLOW_CONNECTIONS false`);
    const stale = await admin.query<{ datname: string }>(
      "SELECT datname FROM pg_database WHERE datname LIKE 'test\\_template\\_%' AND datname NOT LIKE 'test\\_template\\_%\\_making\\_%' AND datname <> $1",
      [name],
    );
    for (const { datname } of stale.rows) await admin.query(`DROP DATABASE IF EXISTS "${datname}" WITH (FORCE)`);
    return name;
  } finally {
    await admin.end();
  }
}
