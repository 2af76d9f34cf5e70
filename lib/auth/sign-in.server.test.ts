import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { createTestDatabase, serverDatabaseEnv, type TestDatabase } from "@/lib/db/testing";
import { assertBuilt, startServer, type ServerInstance } from "@/lib/testing/server";
import { PASSWORD_CHECKS_AT_ONCE, PASSWORD_CHECKS_BUSY_RETRY_SECONDS, PASSWORD_CHECKS_WAITING } from "./password";

/**
 * Sign-in through next-auth's credentials callback on the production server (`npm start`; needs `next build`):
 * refusals that only time cures are 429 with Retry-After.
 */
describe("sign-in over HTTP", () => {
  let server: ServerInstance;
  let database: TestDatabase | undefined;
  let dataDir: string | undefined;
  let csrf: { cookie: string; csrfToken: string };

  beforeAll(async () => {
    assertBuilt();
    const env: Record<string, string> = {
      NEXTAUTH_SECRET: "test-secret-0123456789abcdef0123456789",
      PLATFORM_LOG_REQUESTS: "0",
      // Checks of a few hundred ms, as bcrypt's were: at OWASP's argon2id cost (~20 ms) the gate often empties faster than
      // Next brings sign-ins to it, and whether sixty at once fill it would depend on the machine.
      DASHBOARD_PASSWORD_MEMORY_KIB: "65536",
      DASHBOARD_PASSWORD_TIME_COST: "4",
    };
    if (process.env.TEST_DATABASE_URL) {
      database = await createTestDatabase({ poolSize: 2 });
      Object.assign(env, serverDatabaseEnv(database));
    } else {
      dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "sign-in-http-"));
      Object.assign(env, { DATA_DIR: dataDir, DATABASE_URL: "" });
    }
    server = await startServer({ env });
    const answer = await fetch(`${server.url}/api/auth/csrf`);
    csrf = {
      cookie: (answer.headers.getSetCookie() ?? []).map((line) => line.split(";")[0]).join("; "),
      csrfToken: ((await answer.json()) as { csrfToken: string }).csrfToken,
    };
  }, 120_000);

  afterAll(async () => {
    server?.signal("SIGTERM");
    await server?.exited;
    await database?.close();
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  });

  /** A wrong password: the status, Retry-After and the error the form would show. */
  async function failSignIn(email: string) {
    const answer = await fetch(`${server.url}/api/auth/callback/credentials`, {
      method: "POST",
      redirect: "manual",
      headers: { cookie: csrf.cookie, "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ csrfToken: csrf.csrfToken, email, password: "wrong password", json: "true" }),
    });
    const { url } = (await answer.json()) as { url: string };
    return { status: answer.status, retryAfter: answer.headers.get("retry-after"), error: new URL(url).searchParams.get("error") };
  }

  test("more sign-ins at once than the instance compares: the excess are 429 busy with Retry-After, the rest wrong passwords", async () => {
    const answers = await Promise.all(Array.from({ length: 60 }, (_, i) => failSignIn(`flood${i}@example.com`)));
    const busy = answers.filter((answer) => answer.status === 429);
    const compared = answers.filter((answer) => answer.status === 401);
    expect(busy.length + compared.length).toBe(60);
    // The first ones always find the gate empty; sixty at once cannot all fit in it.
    expect(compared.length).toBeGreaterThanOrEqual(PASSWORD_CHECKS_AT_ONCE + PASSWORD_CHECKS_WAITING);
    expect(busy.length).toBeGreaterThan(0);
    for (const answer of busy) {
      expect(answer).toEqual({ status: 429, retryAfter: String(PASSWORD_CHECKS_BUSY_RETRY_SECONDS), error: `busy:${PASSWORD_CHECKS_BUSY_RETRY_SECONDS}` });
    }
    for (const answer of compared) expect(answer).toEqual({ status: 401, retryAfter: null, error: "invalid_credentials" });
  }, 90_000);

  test("the failure that locks an account, and every attempt during the lock: 429 throttled with Retry-After", async () => {
    for (let i = 0; i < 4; i++) expect(await failSignIn("locked@example.com")).toEqual({ status: 401, retryAfter: null, error: "invalid_credentials" });
    for (let i = 0; i < 2; i++) {
      const answer = await failSignIn("locked@example.com");
      expect(answer.status).toBe(429);
      expect(answer.error).toBe(`throttled:${answer.retryAfter}`);
      expect(Number(answer.retryAfter)).toBeGreaterThan(50);
    }
  }, 90_000);
});
