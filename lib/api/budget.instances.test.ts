import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { assertBuilt, startServer, type ServerInstance } from "@/lib/testing/server";
import { createTestDatabase } from "@/lib/db/testing/database";
import { openDatabase, type Database } from "@/lib/db/client";
import { PlatformClient } from "./client";
import { getMe } from "./me";

/**
 * The budget against the real platform (`npm start`, its own embedded database,
 * a limit of 10 requests a minute): two dashboard instances (each its own
 * connection pool to the dashboard's database on PostgreSQL; on PGlite, two
 * clients of the one in-memory database) fire bursts at once through one key.
 * Every call is answered, none is refused: no 429 appears in the platform's own
 * request log, although the bursts are more than one window holds.
 */
const LIMIT = 10;
const TOKEN = "budget-instances-operator-token-0123456789";
const KEY = "budget-instances-key";

describe("the request budget across instances", () => {
  let platform: ServerInstance;
  let dataDir: string;
  let first: Database & { url?: string };
  let second: Database | null = null;
  const log: { api_method: string; status: number }[] = [];

  beforeAll(async () => {
    assertBuilt();
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "budget-instances-"));
    platform = await startServer({
      env: {
        DATABASE_URL: "",
        DATA_DIR: dataDir,
        PLATFORM_RATE_LIMIT: String(LIMIT),
        PLATFORM_OPERATOR_TOKEN: TOKEN,
        NEXTAUTH_SECRET: "test-secret-0123456789abcdef0123456789",
        DASHBOARD_EXPORT_WORKER: "0",
        PLATFORM_LOG_REQUESTS: "1",
      },
      onLine(line) {
        if (!line.startsWith("{")) return;
        const entry = JSON.parse(line) as { msg?: string; api_method: string; status: number };
        if (entry.msg === "request") log.push(entry);
      },
    });
    const loaded = await fetch(`${platform.url}/api/operator/fixtures`, {
      method: "POST",
      headers: { authorization: `Bearer ${TOKEN}`, "content-type": "application/json" },
      body: JSON.stringify({ accounts: [{ id: 1, email: "owner@example.com", name: "Owner", plan: "pro", api_key: KEY }] }),
    });
    expect(loaded.status).toBe(200);
    first = await createTestDatabase({ poolSize: 4 });
    if (first.url) second = await openDatabase({ url: first.url, poolSize: 4, migrate: false });
  }, 120_000);

  afterAll(async () => {
    platform?.signal("SIGTERM");
    await platform?.exited;
    await second?.close();
    await first?.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  test("budget: bursts from two instances on one key, more than a window holds, are all answered without one 429", async () => {
    const instances = [first.db, (second ?? first).db].map((db) => new PlatformClient({ db, baseUrl: platform.url, apiKey: KEY }));
    const perInstance = LIMIT - 2;
    const results = await Promise.allSettled(instances.flatMap((client) => Array.from({ length: perInstance }, () => getMe(client))));
    const failures = results.filter((result) => result.status === "rejected");
    expect(failures).toEqual([]);
    expect(results.every((result) => result.status === "fulfilled" && result.value.id === 1)).toBe(true);
    const calls = log.filter((entry) => entry.api_method === "getMe");
    // Each call reached the platform exactly once: nothing refused, nothing sent again.
    expect(calls).toHaveLength(2 * perInstance);
    expect(calls.filter((entry) => entry.status === 429)).toEqual([]);
    expect(calls.every((entry) => entry.status === 200)).toBe(true);
  }, 150_000);
});
