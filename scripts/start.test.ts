import { afterAll, describe, expect, test } from "vitest";
import { spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import net from "node:net";
import { freePort } from "@/lib/testing/free-port";
import { startServer } from "@/lib/testing/server";
import { acquireDataDirLock } from "@/lib/db/data-dir-lock.mjs";
import { signInOverHttp } from "@/lib/testing/sign-in";

/** `npm start` and `npm run platform:load` on the embedded database, as an operator runs them. */
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "platform-start-"));
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

const env = { ...process.env, DATA_DIR: dataDir, DATABASE_URL: "", NEXT_TELEMETRY_DISABLED: "1", NEXTAUTH_SECRET: "test-secret-0123456789abcdef0123456789" };

describe.runIf(!process.env.TEST_DATABASE_URL)("operator commands on the embedded database", () => {
  test("platform:load applies a fixture file to DATA_DIR and reports what it applied; a bad file exits non-zero with dotted errors", () => {
    const file = path.join(dataDir, "fixtures.json");
    fs.writeFileSync(
      file,
      JSON.stringify({
        reset: true,
        accounts: [{ id: 1, email: "owner@example.com", name: "Owner", plan: "pro", api_key: "key-owner-1" }],
        projects: [{ uuid: "8d4f0c9e-5a7b-4c1d-9e2f-000000000001", account_id: 1, name: "Shop" }],
        bots: [{ id: 10, project_uuid: "8d4f0c9e-5a7b-4c1d-9e2f-000000000001", name: "Shop bot" }],
      }),
    );
    const ok = spawnSync("node_modules/.bin/tsx", ["scripts/platform-load.ts", file], { env, encoding: "utf8" });
    expect(ok.status).toBe(0);
    expect(JSON.parse(ok.stdout).applied).toMatchObject({ accounts: 1, projects: 1, bots: 1 });
    const bad = path.join(dataDir, "bad.json");
    fs.writeFileSync(bad, JSON.stringify({ bots: [{ id: "ten" }] }));
    const refused = spawnSync("node_modules/.bin/tsx", ["scripts/platform-load.ts", bad], { env, encoding: "utf8" });
    expect(refused.status).toBe(1);
    const [via, ...body] = refused.stderr.split("\n");
    expect(via).toBe(`platform:load: directly on the embedded database in ${dataDir} (no server holds it)`);
    expect(Object.keys(JSON.parse(body.join("\n")).errors)).toContain("bots.0.id");
  }, 120_000);

  test("npm start and npm run demo on a port in use stop at once with one line naming the port and PORT=, and leave DATA_DIR free", async () => {
    const holder = net.createServer();
    await new Promise<void>((resolve) => holder.listen(0, "127.0.0.1", resolve));
    const port = (holder.address() as net.AddressInfo).port;
    try {
      const refused = spawnSync("node", ["scripts/start.mjs"], {
        env: { ...env, PORT: String(port), HOSTNAME: "127.0.0.1" },
        encoding: "utf8",
        timeout: 120_000,
      });
      expect(refused.status).toBe(1);
      expect(refused.stdout).toBe("");
      expect(refused.stderr).toBe(
        `npm start: port ${port} on 127.0.0.1 is in use by another process; set PORT= to pick another (e.g. PORT=${port + 1} npm start).\n`,
      );
    } finally {
      holder.close();
    }
    // The demo stops as early, before it builds or seeds anything.
    const holder2 = net.createServer();
    await new Promise<void>((resolve) => holder2.listen(0, "127.0.0.1", resolve));
    const demoPort = (holder2.address() as net.AddressInfo).port;
    try {
      const demo = spawnSync("node", ["scripts/demo.mjs", "--no-build"], {
        env: { ...env, PORT: String(demoPort), HOSTNAME: "127.0.0.1" },
        encoding: "utf8",
        timeout: 120_000,
      });
      expect(demo.status).toBe(1);
      expect(demo.stdout).toBe("");
      expect(demo.stderr).toBe(
        `demo: port ${demoPort} on 127.0.0.1 is in use by another process; set PORT= to pick another (e.g. PORT=${demoPort + 1} npm run demo).\n`,
      );
    } finally {
      holder2.close();
    }
    // Their locks went with them: the directory is free for the next command.
    const claim = await acquireDataDirLock(dataDir);
    await claim.release();
  }, 120_000);

  test("npm start listens on PORT and HOSTNAME, migrates DATA_DIR on start, serves the API, its metrics on METRICS_PORT, and stops on SIGTERM", async () => {
    const port = await freePort();
    const metricsPort = await freePort();
    const child = spawn("node", ["scripts/start.mjs"], {
      env: { ...env, PORT: String(port), HOSTNAME: "127.0.0.1", METRICS: "1", METRICS_PORT: String(metricsPort) },
      stdio: "ignore",
    });
    try {
      let health: Response | undefined;
      for (let i = 0; i < 120 && !health?.ok; i++) {
        health = await fetch(`http://127.0.0.1:${port}/api/health`).catch(() => undefined);
        if (!health?.ok) await new Promise((resolve) => setTimeout(resolve, 250));
      }
      expect(health?.status).toBe(200);
      expect(await health!.json()).toEqual({ status: "ok" });
      const me = await fetch(`http://127.0.0.1:${port}/api/v1/getMe`, { headers: { authorization: "Bearer key-owner-1", accept: "application/json" } });
      expect(me.status).toBe(200);
      expect((await me.json()).data.projects[0].bots).toEqual([{ id: 10, name: "Shop bot" }]);
      const withoutToken = await fetch(`http://127.0.0.1:${port}/api/operator/fixtures`, { method: "POST", body: "{}" });
      expect(withoutToken.status).toBe(404);
      // METRICS_PORT: /metrics there alone (no token asked: METRICS_TOKEN unset), not on the main port.
      const metrics = await fetch(`http://127.0.0.1:${metricsPort}/metrics`);
      expect(metrics.status).toBe(200);
      const text = await metrics.text();
      expect(text).toMatch(/^chatbot_api_requests_total\{method="getMe",status="200"\} 1$/m);
      expect(text).toContain("process_resident_memory_bytes");
      expect((await fetch(`http://127.0.0.1:${metricsPort}/`)).status).toBe(404);
      expect(await (await fetch(`http://127.0.0.1:${port}/metrics`, { redirect: "manual" })).text()).not.toContain("chatbot_api_requests_total");
    } finally {
      const exited = new Promise((resolve) => child.on("exit", resolve));
      child.kill("SIGTERM");
      await exited;
    }
  }, 90_000);

  test("the embedded default encrypts out of the box: a key is generated into DATA_DIR (0600) on first start, kept across restarts", async () => {
    const keyFile = path.join(dataDir, "platform-encryption.key");
    fs.rmSync(keyFile, { force: true });
    const lines: string[] = [];
    const start = () =>
      startServer({ env: { ...env, PLATFORM_ENCRYPTION_KEY: "", PLATFORM_ENCRYPTION_KEYS_PREVIOUS: "" }, onLine: (line) => lines.push(line) });
    const call = async (url: string, method: string, body: unknown) => {
      const response = await fetch(`${url}/api/v1/${method}`, {
        method: "POST",
        headers: { authorization: "Bearer key-owner-1", accept: "application/json", "content-type": "application/json" },
        body: JSON.stringify(body),
      });
      return { status: response.status, body: await response.json() };
    };
    let server = await start();
    let listId: string;
    try {
      expect((fs.statSync(keyFile).mode & 0o777).toString(8)).toBe("600");
      expect(fs.readFileSync(keyFile, "utf8")).toMatch(/^[0-9a-f]{64}\n$/);
      expect(lines.some((line) => line.includes("generated the list encryption key"))).toBe(true);
      const list = await call(server.url, "createListSchema", {
        name: "Cards",
        project_uuid: "8d4f0c9e-5a7b-4c1d-9e2f-000000000001",
        fields: [{ name: "Card", slug: "card", type: "string", is_encryptable: true }],
      });
      expect(list.status).toBe(201);
      listId = list.body.data.id;
      expect((await call(server.url, "addListItem", { schema_id: listId, item: { card: "4111-1111" } })).status).toBe(201);
    } finally {
      server.signal("SIGTERM");
      await server.exited;
    }
    const firstKey = fs.readFileSync(keyFile, "utf8");
    lines.length = 0;
    server = await start();
    try {
      expect(fs.readFileSync(keyFile, "utf8")).toBe(firstKey);
      expect(lines.some((line) => line.includes("generated the list encryption key"))).toBe(false);
      const items = await call(server.url, "getListItems", { schema_id: listId });
      expect(items.status).toBe(200);
      expect(items.body.data.map((item: { values: { card: string } }) => item.values.card)).toEqual(["4111-1111"]);
    } finally {
      server.signal("SIGTERM");
      await server.exited;
    }
  }, 180_000);

  test.each([
    ["PORT", { PORT: "http" }, /^npm start: PORT must be a whole number from 1 to 65535, not "http"$/],
    [
      "a number with a unit",
      { PLATFORM_MAX_BODY_BYTES: "1MB" },
      /^npm start: PLATFORM_MAX_BODY_BYTES must be a whole number of bytes 1024 or more, not "1MB"$/,
    ],
    [
      "an argon2id memory cost below the floor",
      { DASHBOARD_PASSWORD_MEMORY_KIB: "4096" },
      /^npm start: DASHBOARD_PASSWORD_MEMORY_KIB must be a whole number of KiB from 8192 to 1048576, not "4096"$/,
    ],
    ["a short key", { PLATFORM_ENCRYPTION_KEY: "abc" }, /^npm start: PLATFORM_ENCRYPTION_KEY must be 32 bytes: 64 hex characters or base64/],
    ["no session secret", { NEXTAUTH_SECRET: "" }, /^npm start: NEXTAUTH_SECRET is not set/],
    ["a short session secret", { NEXTAUTH_SECRET: "short" }, /^npm start: NEXTAUTH_SECRET must be at least 32 characters/],
    ["a DATABASE_URL that does not parse", { DATABASE_URL: "db.example.com:5432" }, /^npm start: DATABASE_URL must be a postgres:\/\/ address/],
    [
      "a DATABASE_DIRECT_URL that does not parse",
      { DATABASE_URL: "postgres://app:hunter2@127.0.0.1:1/app", DATABASE_DIRECT_URL: "app:hunter2@db.example.com:5432" },
      /^npm start: DATABASE_DIRECT_URL must be a postgres:\/\/ address \(postgres:\/\/user:password@host:5432\/database\), the server itself, not a pooler/,
    ],
    [
      "a database that stays unreachable",
      { DATABASE_URL: "postgres://app:hunter2@127.0.0.1:1/app" },
      /^npm start: DATABASE_URL: the database at 127\.0\.0\.1:1\/app cannot be reached \(ECONNREFUSED\)/,
    ],
    [
      "a DATA_DIR that cannot be created",
      { DATA_DIR: "/etc/hostname/data" },
      /^npm start: DATA_DIR \/etc\/hostname\/data cannot be created or written \(ENOTDIR\)/,
    ],
  ])(
    "%s: npm start exits 1 with one line naming the variable, and writes nothing",
    async (_, overrides, line) => {
      const port = await freePort();
      const child = spawn("node", ["scripts/start.mjs"], {
        env: { ...env, PORT: String(port), HOSTNAME: "127.0.0.1", ...overrides },
        stdio: ["ignore", "pipe", "pipe"],
      });
      let stderr = "";
      let stdout = "";
      child.stderr!.setEncoding("utf8").on("data", (chunk: string) => (stderr += chunk));
      child.stdout!.setEncoding("utf8").on("data", (chunk: string) => (stdout += chunk));
      const code = await new Promise<number | null>((resolve) => child.on("exit", resolve));
      expect(code).toBe(1);
      const lines = stderr.trim().split("\n");
      expect(lines).toHaveLength(1);
      expect(lines[0]).toMatch(line);
      expect(stderr).not.toContain("hunter2");
      expect(stdout).toBe("");
    },
    60_000,
  );

  test("sign-in throttle per address: an X-Forwarded-For the client writes itself does not make it another address", async () => {
    const server = await startServer({ env: { ...env, DASHBOARD_SIGNIN_MAX_FAILURES_PER_ADDRESS: "3" } });
    /** A failed sign-in through next-auth's credentials callback; answers the error the form would show. */
    const failSignIn = async (email: string, forwardedFor: string): Promise<string | null> => {
      return (await signInOverHttp(server.url, email, "wrong password", { headers: { "x-forwarded-for": forwardedFor } })).error;
    };
    try {
      // Failures, each for another account and "from" another address, are all one address (127.0.0.1): the third locks it.
      for (let n = 1; n <= 2; n++) expect(await failSignIn(`nobody${n}@example.com`, `198.51.100.${n}`)).toBe("invalid_credentials");
      expect(await failSignIn("nobody3@example.com", "198.51.100.3")).toMatch(/^throttled:\d+$/);
      // A fresh account from yet another written address is still refused: the lock is on the address that connected.
      const fourth = await failSignIn("nobody4@example.com", "203.0.113.77");
      expect(fourth).toMatch(/^throttled:\d+$/);
      expect(Number(fourth!.split(":")[1])).toBeGreaterThan(0);
    } finally {
      server.signal("SIGTERM");
      await server.exited;
    }
  }, 90_000);

  test("a keep-alive connection left idle past Node's 5 s default still serves the next request (no reset as it is reused)", async () => {
    const server = await startServer({ env });
    const socket = net.connect(server.port, "127.0.0.1");
    try {
      await new Promise<void>((resolve) => socket.once("connect", () => resolve()));
      let received = "";
      socket.on("data", (chunk) => (received += chunk.toString("utf8")));
      const ask = async () => {
        received = "";
        socket.write("GET /api/health HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: keep-alive\r\n\r\n");
        for (let i = 0; i < 100 && !received.includes('{"status":"ok"}'); i++) await new Promise((resolve) => setTimeout(resolve, 50));
        return received;
      };
      const first = await ask();
      expect(first.split("\r\n")[0]).toBe("HTTP/1.1 200 OK");
      expect(first).toMatch(/^Keep-Alive: timeout=65\r$/im);
      await new Promise((resolve) => setTimeout(resolve, 6_000));
      expect(socket.destroyed).toBe(false);
      const second = await ask();
      expect(second.split("\r\n")[0]).toBe("HTTP/1.1 200 OK");
    } finally {
      socket.destroy();
      server.signal("SIGTERM");
      await server.exited;
    }
  }, 90_000);

  test("SIGTERM is graceful: new connections are refused, a request in flight is answered, then the server exits 0", async () => {
    const lines: string[] = [];
    let onLine: (() => void) | null = null;
    const server = await startServer({
      env: { ...env, DASHBOARD_EXPORT_WORKER: "1" },
      onLine: (line) => {
        lines.push(line);
        onLine?.();
      },
    });
    const logged = (msg: string) =>
      new Promise<void>((resolve) => {
        const check = () => lines.some((line) => line.includes(`"msg":"${msg}"`)) && resolve();
        onLine = check;
        check();
      });
    // A request whose body is half sent: it is in flight when the signal comes.
    const body = JSON.stringify({ padding: "x".repeat(100) });
    const socket = net.connect(server.port, "127.0.0.1");
    const answer = new Promise<string>((resolve, reject) => {
      const chunks: Buffer[] = [];
      socket.on("data", (chunk) => chunks.push(chunk));
      socket.on("end", () => resolve(Buffer.concat(chunks).toString("utf8")));
      socket.on("error", reject);
    });
    await new Promise<void>((resolve) => socket.once("connect", () => resolve()));
    socket.write(
      `POST /api/v1/getMe HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer key-owner-1\r\nAccept: application/json\r\n` +
        `Content-Type: application/json\r\nContent-Length: ${body.length}\r\nConnection: close\r\n\r\n${body.slice(0, 10)}`,
    );
    await new Promise((resolve) => setTimeout(resolve, 1000)); // time for the server to read the headers
    server.signal("SIGTERM");
    await logged("shutting down");
    await expect(fetch(`${server.url}/api/health`)).rejects.toThrow();
    socket.write(body.slice(10));
    const response = await answer;
    expect(response.split("\r\n")[0]).toBe("HTTP/1.1 200 OK");
    expect(JSON.parse(response.slice(response.indexOf("\r\n\r\n") + 4)).data.id).toBe(1);
    expect(await server.exited).toEqual({ code: 0, signal: null });
    expect(lines.some((line) => line.includes('"msg":"stopped"'))).toBe(true);
  }, 90_000);
});
