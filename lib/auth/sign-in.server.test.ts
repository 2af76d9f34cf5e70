import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { createTestDatabase, serverDatabaseEnv, type TestDatabase } from "@/lib/db/testing/database";
import { assertBuilt, startServer } from "@/lib/testing/server";
import { PASSWORD_CHECKS_AT_ONCE, PASSWORD_CHECKS_BUSY_RETRY_SECONDS, PASSWORD_CHECKS_WAITING } from "./password";
import { SIGN_INS_ADMITTED_AT_ONCE, SIGN_INS_ADMITTED_PER_SECOND } from "./sign-in-admission.mjs";
import { csrfOf } from "@/lib/testing/sign-in";

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
/** Long enough for the door's bucket (lib/auth/sign-in-admission.mjs), however empty, to be full again. */
const DOOR_REFILL_MS = (SIGN_INS_ADMITTED_AT_ONCE / SIGN_INS_ADMITTED_PER_SECOND) * 1000 + 100;

/** A production server on a fresh database (PGlite, or a scratch PostgreSQL database with TEST_DATABASE_URL). */
async function startSignInServer(extraEnv: Record<string, string>) {
  assertBuilt();
  const env: Record<string, string> = { NEXTAUTH_SECRET: "test-secret-0123456789abcdef0123456789", PLATFORM_LOG_REQUESTS: "0", ...extraEnv };
  let database: TestDatabase | undefined;
  let dataDir: string | undefined;
  if (process.env.TEST_DATABASE_URL) {
    database = await createTestDatabase({ poolSize: 2 });
    Object.assign(env, serverDatabaseEnv(database));
  } else {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "sign-in-http-"));
    Object.assign(env, { DATA_DIR: dataDir, DATABASE_URL: "" });
  }
  const server = await startServer({ env });
  const csrf = await csrfOf(server.url);
  return {
    server,
    /**
     * A wrong password: the status, Retry-After and the error the form would show. `target`: the request target as sent
     * on the wire (node:http sends it verbatim, as fetch would not: `%63`, an absolute-form URL).
     */
    async failSignIn(email: string, target = "/api/auth/callback/credentials") {
      const body = new URLSearchParams({ csrfToken: csrf.csrfToken, email, password: "wrong password", json: "true" }).toString();
      const { port } = new URL(server.url);
      const reply = await new Promise<{ status: number; headers: http.IncomingHttpHeaders; text: string }>((resolve, reject) => {
        const request = http.request(
          {
            host: "127.0.0.1",
            port,
            method: "POST",
            path: target,
            headers: { cookie: csrf.cookie, "content-type": "application/x-www-form-urlencoded", host: `127.0.0.1:${port}` },
          },
          (response) => {
            let text = "";
            response.setEncoding("utf8");
            response.on("data", (chunk: string) => (text += chunk));
            response.on("end", () => resolve({ status: response.statusCode ?? 0, headers: response.headers, text }));
          },
        );
        request.on("error", reject);
        request.end(body);
      });
      // next-auth answers JSON ({url}); a target Next does not route to it may answer otherwise (no error then).
      let error: string | null = null;
      try {
        error = new URL((JSON.parse(reply.text) as { url: string }).url).searchParams.get("error");
      } catch {
        error = null;
      }
      return { status: reply.status, retryAfter: (reply.headers["retry-after"] as string | undefined) ?? null, error };
    },
    async stop() {
      server.signal("SIGTERM");
      await server.exited;
      await database?.close();
      if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * Sign-in through next-auth's credentials callback on the production server (`npm start`; needs `next build`):
 * refusals that only time cures are 429 with Retry-After.
 */
describe("sign-in over HTTP", () => {
  let signIns: Awaited<ReturnType<typeof startSignInServer>>;
  const failSignIn = (email: string) => signIns.failSignIn(email);

  beforeAll(async () => {
    signIns = await startSignInServer({
      // Checks of a few hundred ms, as bcrypt's were: at OWASP's argon2id cost (~20 ms) the gate often empties faster than
      // Next brings sign-ins to it, and whether sixty at once fill it would depend on the machine.
      DASHBOARD_PASSWORD_MEMORY_KIB: "65536",
      DASHBOARD_PASSWORD_TIME_COST: "4",
    });
  }, 120_000);

  afterAll(async () => {
    await signIns?.stop();
  });

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
    // The flood above may have emptied the door's bucket: these sign-ins must reach the throttle.
    await sleep(DOOR_REFILL_MS);
    for (let i = 0; i < 4; i++) expect(await failSignIn("locked@example.com")).toEqual({ status: 401, retryAfter: null, error: "invalid_credentials" });
    for (let i = 0; i < 2; i++) {
      const answer = await failSignIn("locked@example.com");
      expect(answer.status).toBe(429);
      expect(answer.error).toBe(`throttled:${answer.retryAfter}`);
      expect(Number(answer.retryAfter)).toBeGreaterThan(50);
    }
  }, 90_000);
});

/**
 * Sign-ins let through to Next a second (lib/auth/sign-in-admission.mjs) at OWASP's argon2id cost, where the password gate
 * empties as fast as sign-ins reach it: without the door's rate every sign-in of a flood went through Next, and a request
 * on a new connection waited behind all of them (Node takes one new connection per turn of its event loop).
 */
describe("sign-in over HTTP at OWASP's argon2id cost", () => {
  let signIns: Awaited<ReturnType<typeof startSignInServer>>;

  beforeAll(async () => {
    signIns = await startSignInServer({});
  }, 120_000);

  afterAll(async () => {
    await signIns?.stop();
  });

  test("a flood: no more reach the password check than the door lets through a second, the rest are 429 busy", async () => {
    const attempts = 150;
    const started = performance.now();
    const answers = await Promise.all(Array.from({ length: attempts }, (_, i) => signIns.failSignIn(`storm${i}@example.com`)));
    const seconds = (performance.now() - started) / 1000;
    const busy = answers.filter((answer) => answer.error?.startsWith("busy:"));
    // Let through: compared (401), or refused by the throttle once the address's failures locked it (429 throttled).
    const through = answers.filter((answer) => !answer.error?.startsWith("busy:"));
    expect(through.length).toBeGreaterThanOrEqual(PASSWORD_CHECKS_AT_ONCE);
    // The door's bucket: its burst, plus what it refills while the flood lasts (measured around it, so never less).
    expect(through.length).toBeLessThanOrEqual(SIGN_INS_ADMITTED_AT_ONCE + Math.ceil(seconds * SIGN_INS_ADMITTED_PER_SECOND));
    expect(busy.length).toBeGreaterThan(0);
    for (const answer of busy) {
      expect(answer).toEqual({ status: 429, retryAfter: String(PASSWORD_CHECKS_BUSY_RETRY_SECONDS), error: `busy:${PASSWORD_CHECKS_BUSY_RETRY_SECONDS}` });
    }
    for (const answer of through) expect([401, 429]).toContain(answer.status);
  }, 90_000);

  test("spelled another way, a sign-in still reaches next-auth, and the door counts it: percent-encoded, absolute-form", async () => {
    await sleep(DOOR_REFILL_MS);
    // Next routes a percent-encoded spelling to the credentials sign-in: a wrong password, compared.
    expect(await signIns.failSignIn("spelled@example.com", "/api/auth/callback/%63redentials")).toEqual({
      status: 401,
      retryAfter: null,
      error: "invalid_credentials",
    });
    for (const target of ["/api/auth/callback/%63redentials", "http://127.0.0.1/api/auth/callback/credentials"]) {
      await sleep(DOOR_REFILL_MS);
      // A flood of it: no more through than the door's bucket, as for the plain spelling.
      const started = performance.now();
      const answers = await Promise.all(Array.from({ length: 80 }, (_, i) => signIns.failSignIn(`spelled-storm${i}@example.com`, target)));
      const seconds = (performance.now() - started) / 1000;
      const through = answers.filter((answer) => !answer.error?.startsWith("busy:"));
      expect(through.length, target).toBeLessThanOrEqual(SIGN_INS_ADMITTED_AT_ONCE + Math.ceil(seconds * SIGN_INS_ADMITTED_PER_SECOND));
    }
  }, 120_000);
});
