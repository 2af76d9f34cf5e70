import { randomBytes } from "node:crypto";
import { sql } from "drizzle-orm";
import { queryRows, type Db } from "@/lib/db/client";
import { applyFixtures } from "@/lib/platform/operator/fixtures";
import { createUser, findUserWithHashByEmail, resetPassword, type DashboardUser } from "@/lib/auth/users";
import { decryptStoredKey, readStoredConnection, storeConnection } from "@/lib/api/stored-connection";
import type { Role } from "@/lib/auth/permissions";
import { demoFixtures, DEMO_HOLDER_ID } from "./demo-data";

export interface DemoSeedOptions {
  contacts: number;
  users: { email: string; role: Role }[];
  /** Every user's password; default one generated per user. */
  password?: string;
  /** The platform key; default the stored one, or a new one. */
  apiKey?: string;
  /** Contacts created over the last days up to this day (the demo's history); default spread over 2024–2025. */
  historyUntil?: Date | null;
  log?: (line: string) => void;
}

export interface DemoSeed {
  apiKey: string;
  /** The platform was empty and has been seeded now (a second run reuses it). */
  seeded: boolean;
  users: (Pick<DashboardUser, "id" | "email" | "name" | "role"> & { password: string })[];
}

/**
 * Seeds the embedded platform and the dashboard for `npm run demo` and the browser tests (scripts/seed-dashboard.ts).
 * Platform data is written only when the platform is empty. Users are created or have their password reset on every
 * run (so the logins can be printed). The connection (our own platform and the key) is stored encrypted.
 */
export async function seedDemo(db: Db, options: DemoSeedOptions): Promise<DemoSeed> {
  const [{ n }] = await queryRows<{ n: number }>(db, sql`SELECT count(*)::int AS n FROM platform.key_holders`);
  let apiKey: string;
  let seeded = false;
  if (Number(n) === 0) {
    apiKey = options.apiKey ?? `demo_${randomBytes(24).toString("base64url")}`;
    options.log?.(`seeding the platform: ${options.contacts} contacts…`);
    const history = options.historyUntil ? { now: options.historyUntil } : null;
    await applyFixtures(db, demoFixtures({ apiKey, contacts: options.contacts, history }));
    seeded = true;
  } else {
    const stored = await readStoredConnection(db);
    const storedKey = stored ? decryptStoredKey(stored) : null;
    if (options.apiKey || !storedKey) {
      // The key cannot be shown again (only its hash is on the platform): issue a new one.
      apiKey = options.apiKey ?? `demo_${randomBytes(24).toString("base64url")}`;
      await applyFixtures(db, { accounts: [{ id: DEMO_HOLDER_ID, email: "demo-holder@example.com", name: "Demo Shop Ltd", plan: "pro", api_key: apiKey }] });
    } else {
      apiKey = storedKey;
    }
  }
  await storeConnection(db, { baseUrl: null, apiKey });

  const users: DemoSeed["users"] = [];
  for (const { email, role } of options.users) {
    const existing = await findUserWithHashByEmail(db, email);
    if (existing) {
      const password = await resetPassword(db, existing.id, options.password);
      await db.execute(sql`UPDATE dashboard.users SET role = ${role} WHERE id = ${existing.id}`);
      users.push({ id: existing.id, email: existing.email, name: existing.name, role, password });
    } else {
      const created = await createUser(db, { email, role, name: email.split("@")[0], password: options.password });
      users.push({ id: created.user.id, email: created.user.email, name: created.user.name, role, password: created.password });
    }
  }
  return { apiKey, seeded, users };
}
