import { execFileSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { assertBuilt, startServer, type ServerInstance } from "@/lib/testing/server";
import { signInOverHttp } from "@/lib/testing/sign-in";

/**
 * A fresh embedded (PGlite) dashboard for a benchmark: a temporary DATA_DIR seeded by scripts/seed-dashboard.ts
 * (contacts, the users, one platform key), served by the production build (`npm start`; run `next build` first).
 * `stop()` ends the server and removes the data directory.
 */
export interface SeededDashboard {
  server: ServerInstance;
  /** Every seeded user's password. */
  password: string;
  /** The platform key the dashboard uses (Bearer for /api/v1). */
  apiKey: string;
  /** The server's environment (DATA_DIR, secrets…), e.g. for a second server on the same data. */
  env: Record<string, string>;
  stop(): Promise<void>;
}

export interface SeedOptions {
  /** Names the temporary directory: bench-<name>-… */
  name: string;
  contacts: number;
  /** "email:role" pairs. */
  users: string[];
  /** Environment of the server on top of the defaults (a rate limit, request logging…). */
  env?: Record<string, string>;
  onLine?: (line: string) => void;
  /** Runs after the seed, before the server starts (the data directory is free): e.g. to change what was seeded. */
  beforeStart?: (env: Record<string, string>) => Promise<void>;
  /** The demo's history as `npm run demo` seeds it (scripts/seed-dashboard.ts --history): money moved, activity, a batch… */
  history?: boolean;
}

export async function startSeededDashboard(options: SeedOptions): Promise<SeededDashboard> {
  assertBuilt();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `bench-${options.name}-`));
  const password = `pw-${randomBytes(9).toString("base64url")}`;
  const apiKey = `bench_${randomBytes(24).toString("hex")}`;
  const env: Record<string, string> = {
    DATA_DIR: dataDir,
    DATABASE_URL: "",
    NEXTAUTH_SECRET: randomBytes(32).toString("base64url"),
    PLATFORM_BASE_URL: "",
    PLATFORM_API_KEY: "",
    DASHBOARD_EXPORT_LOG: "0",
    BENCH_PASSWORD: password,
    BENCH_API_KEY: apiKey,
    NODE_ENV: "production",
    ...options.env,
  };
  console.log(`seeding ${dataDir} (${options.contacts} contacts)…`);
  execFileSync(
    path.join(process.cwd(), "node_modules/.bin/tsx"),
    [
      // The history runs the dashboard's server code (its "server-only" imports need the react-server condition).
      ...(options.history ? ["--conditions=react-server"] : []),
      "scripts/seed-dashboard.ts",
      ...["--contacts", String(options.contacts), "--users", options.users.join(",")],
      ...(options.history ? ["--history"] : []),
      ...["--password-env", "BENCH_PASSWORD", "--api-key-env", "BENCH_API_KEY"],
    ],
    { env: { ...process.env, ...env }, stdio: ["ignore", "ignore", "inherit"] },
  );
  await options.beforeStart?.(env);
  const server = await startServer({ env, onLine: options.onLine });
  return {
    server,
    password,
    apiKey,
    env,
    async stop() {
      server.signal("SIGTERM");
      await server.exited;
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** next-auth's credentials sign-in over HTTP: the session cookie ("name=value; …") to send with later requests. */
export async function signInForCookie(baseUrl: string, email: string, password: string): Promise<string> {
  const answer = await signInOverHttp(baseUrl, email, password);
  if (answer.status !== 200) throw new Error(`sign-in answered ${answer.status}`);
  if (!answer.cookie.split("; ").some((pair) => pair.split("=")[0].includes("session-token"))) throw new Error("sign-in set no session cookie");
  return answer.cookie;
}
