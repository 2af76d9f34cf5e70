// Seeds the embedded platform and the dashboard for `npm run demo` and the browser tests.
//   tsx scripts/seed-dashboard.ts [--contacts 50000] [--users owner@x:owner,lead@x:lead,…] [--password-env NAME] [--api-key-env NAME]
// Platform data is written only when the platform is empty (a second run reuses it).
// Users are created or have their password reset on every run (so the logins can be printed);
// passwords are generated, or taken from the environment variable named by --password-env.
// The connection (our own platform and the key) is stored encrypted.
// Prints one JSON object on stdout: {apiKey, seeded, users: [{email, role, password}]}.
import { randomBytes } from "node:crypto";
import { sql } from "drizzle-orm";
import { databaseOptionsFromEnv, openDatabase, queryRows } from "@/lib/db/client";
import { applyFixtures } from "@/lib/platform/operator/fixtures";
import { demoFixtures, DEMO_HOLDER_ID } from "@/lib/dashboard/demo-data";
import { createUser, findUserWithHashByEmail, resetPassword } from "@/lib/auth/users";
import { decryptStoredKey, readStoredConnection, storeConnection } from "@/lib/api/stored-connection";
import { isRole, type Role } from "@/lib/auth/permissions";
import { DataDirLockedError } from "@/lib/db/data-dir-lock.mjs";
import { errorText } from "@/lib/db/failure";
import { namedVariable } from "@/lib/core/config.mjs";

function option(name: string): string | undefined {
  const index = process.argv.indexOf(`--${name}`);
  return index >= 0 ? process.argv[index + 1] : undefined;
}

const DEFAULT_USERS = "owner@example.com:owner,lead@example.com:lead,support@example.com:support";

async function main(): Promise<void> {
  const contacts = Number(option("contacts") ?? 50_000);
  const users = (option("users") ?? DEFAULT_USERS).split(",").map((entry) => {
    const [email, role] = entry.split(":");
    if (!email || !isRole(role)) throw new Error(`bad --users entry: ${entry}`);
    return { email, role: role as Role };
  });
  const fixedPassword = option("password-env") ? namedVariable(option("password-env")!) : undefined;
  const fixedKey = option("api-key-env") ? namedVariable(option("api-key-env")!) : undefined;

  const database = await openDatabase(databaseOptionsFromEnv());
  try {
    const { db } = database;
    const [{ n }] = await queryRows<{ n: number }>(db, sql`SELECT count(*)::int AS n FROM platform.key_holders`);
    let apiKey: string;
    let seeded = false;
    if (Number(n) === 0) {
      apiKey = fixedKey ?? `demo_${randomBytes(24).toString("base64url")}`;
      console.error(`seeding the platform: ${contacts} contacts…`);
      await applyFixtures(db, demoFixtures({ apiKey, contacts }));
      seeded = true;
    } else {
      const stored = await readStoredConnection(db);
      const storedKey = stored ? decryptStoredKey(stored) : null;
      if (fixedKey || !storedKey) {
        // The key cannot be shown again (only its hash is on the platform): issue a new one.
        apiKey = fixedKey ?? `demo_${randomBytes(24).toString("base64url")}`;
        await applyFixtures(db, { accounts: [{ id: DEMO_HOLDER_ID, email: "demo-holder@example.com", name: "Demo Shop Ltd", plan: "pro", api_key: apiKey }] });
      } else {
        apiKey = storedKey;
      }
    }
    await storeConnection(db, { baseUrl: null, apiKey });

    const logins: { email: string; role: Role; password: string }[] = [];
    for (const { email, role } of users) {
      const existing = await findUserWithHashByEmail(db, email);
      if (existing) {
        const password = await resetPassword(db, existing.id, fixedPassword);
        await db.execute(sql`UPDATE dashboard.users SET role = ${role} WHERE id = ${existing.id}`);
        logins.push({ email, role, password });
      } else {
        const created = await createUser(db, { email, role, name: email.split("@")[0], password: fixedPassword });
        logins.push({ email, role, password: created.password });
      }
    }
    process.stdout.write(`${JSON.stringify({ apiKey, seeded, users: logins })}\n`);
  } finally {
    await database.close();
  }
}

main().catch((error) => {
  // Another process holds DATA_DIR: its one-line refusal; anything else in one line without a failed query's parameters.
  console.error(error instanceof DataDirLockedError ? `seed: ${error.message}` : `seed: failed: ${errorText(error)}`);
  process.exit(1);
});
