// Seeds the embedded platform and the dashboard for `npm run demo` and the browser tests.
//   tsx [--conditions=react-server] scripts/seed-dashboard.ts [--contacts 50000] [--users owner@x:owner,lead@x:lead,…]
//       [--password-env NAME] [--api-key-env NAME] [--history]
// Platform data is written only when the platform is empty (a second run reuses it): lib/dashboard/demo-seed.ts.
// --history (the demo's; needs tsx's --conditions=react-server, as the dashboard's server code does): the contacts are
// created over the last 120 days, and a fresh platform gets a history (lib/features/demo/seed-history.ts): money
// moved on most days, the members' activity, a finished bulk adjustment and export, saved views, list records.
// Users are created or have their password reset on every run (so the logins can be printed);
// passwords are generated, or taken from the environment variable named by --password-env.
// Prints one JSON object on stdout: {apiKey, seeded, users: [{email, role, password}]}.
import { databaseOptionsFromEnv, openDatabase } from "@/lib/db/client";
import { seedDemo } from "@/lib/dashboard/demo-seed";
import { isRole, type Role } from "@/lib/auth/permissions";
import { DataDirLockedError } from "@/lib/db/data-dir-lock.mjs";
import { errorText } from "@/lib/core/log.mjs";
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
  const history = process.argv.includes("--history");
  const now = new Date();

  const database = await openDatabase(databaseOptionsFromEnv());
  try {
    const { db } = database;
    const started = performance.now();
    const seed = await seedDemo(db, {
      contacts,
      users,
      password: option("password-env") ? namedVariable(option("password-env")!) : undefined,
      apiKey: option("api-key-env") ? namedVariable(option("api-key-env")!) : undefined,
      historyUntil: history ? now : null,
      log: (line) => console.error(line),
    });
    console.error(`  platform and users (${((performance.now() - started) / 1000).toFixed(1)} s)`);
    if (seed.seeded && history) {
      console.error("seeding the history: accounts, movements, activity, a bulk adjustment, an export…");
      // Loaded only here: the history runs the dashboard's server code (lib/features), which the browser tests' seed does not need.
      const { seedDemoHistory } = await import("@/lib/features/demo/seed-history");
      await seedDemoHistory(db, { apiKey: seed.apiKey, members: seed.users, now, log: (line) => console.error(line) });
    }
    const logins = seed.users.map(({ email, role, password }) => ({ email, role, password }));
    process.stdout.write(`${JSON.stringify({ apiKey: seed.apiKey, seeded: seed.seeded, users: logins })}\n`);
  } finally {
    await database.close();
  }
}

main().catch((error) => {
  // Another process holds DATA_DIR: its one-line refusal; anything else in one line without a failed query's parameters.
  console.error(error instanceof DataDirLockedError ? `seed: ${error.message}` : `seed: failed: ${errorText(error)}`);
  process.exit(1);
});
