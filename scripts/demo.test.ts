import { afterAll, describe, expect, test } from "vitest";
import { spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { freePort } from "@/lib/testing/free-port";

/** `npm run demo` as a person runs it: the logins are the last lines printed, the per-request log goes to DATA_DIR/server.log. */
const base = fs.mkdtempSync(path.join(os.tmpdir(), "platform-demo-"));
afterAll(() => fs.rmSync(base, { recursive: true, force: true }));

const built = fs.existsSync(path.join(".next", "BUILD_ID"));
const env = { ...process.env, DATABASE_URL: "", DEMO_CONTACTS: "3", PLATFORM_LOG_REQUESTS: "1", PLATFORM_OPERATOR_TOKEN: "", NEXTAUTH_SECRET: "" };

describe.runIf(built && !process.env.TEST_DATABASE_URL)("npm run demo", () => {
  test("prints the logins last, keeps request logs in DATA_DIR/server.log, and prints the operator token it keeps", async () => {
    const dataDir = path.join(base, "demo");
    const port = await freePort();
    const demo = spawn("node", ["scripts/demo.mjs", "--no-build"], {
      env: { ...env, DATA_DIR: dataDir, PORT: String(port), HOSTNAME: "127.0.0.1" },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let stdout = "";
    demo.stdout.on("data", (chunk) => (stdout += chunk));
    const exited = new Promise((resolve) => demo.on("exit", resolve));
    try {
      for (let i = 0; i < 480 && !/support\s+\S+@\S+\s+\S+\n\n$/.test(stdout); i++) {
        if (demo.exitCode !== null) break;
        await new Promise((resolve) => setTimeout(resolve, 250));
      }
      expect(stdout).toContain("Dashboard ready");
      // Requests after the banner are logged to the file, not under the logins.
      const token = /Operator token:\s+(\S+)/.exec(stdout)?.[1];
      const secrets = JSON.parse(fs.readFileSync(path.join(dataDir, "dashboard-secrets.json"), "utf8"));
      expect(token).toBe(secrets.PLATFORM_OPERATOR_TOKEN);
      // The token works: the operator interface answers it (unset, those routes answer 404; a wrong token, 401).
      const fixtures = await fetch(`http://127.0.0.1:${port}/api/operator/fixtures`, {
        method: "POST",
        headers: { authorization: `Bearer ${token}` },
        body: "{}",
      });
      expect([401, 404]).not.toContain(fixtures.status);
      await fetch(`http://127.0.0.1:${port}/api/v1/getMe`, { headers: { authorization: "Bearer nope" } });
      await new Promise((resolve) => setTimeout(resolve, 500));
      const lines = stdout.trimEnd().split("\n");
      const logins = lines.findIndex((line) => line.trim() === "Logins:");
      expect(logins).toBeGreaterThan(lines.findIndex((line) => line.includes("Server log:")));
      expect(lines.slice(logins + 1).map((line) => line.trim().split(/\s+/)[0])).toEqual(["owner", "lead", "support"]);
      expect(fs.readFileSync(path.join(dataDir, "server.log"), "utf8")).toContain("getMe");
    } finally {
      demo.kill("SIGTERM");
      await exited;
    }
  }, 180_000);

  test("--reset deletes only a data directory the demo made", async () => {
    const foreign = path.join(base, "foreign");
    fs.mkdirSync(foreign);
    fs.writeFileSync(path.join(foreign, "keep.txt"), "mine");
    const port = await freePort();
    const refused = spawnSync("node", ["scripts/demo.mjs", "--no-build", "--reset"], {
      env: { ...env, DATA_DIR: foreign, PORT: String(port), HOSTNAME: "127.0.0.1" },
      encoding: "utf8",
      timeout: 60_000,
    });
    expect(refused.status).toBe(1);
    expect(refused.stderr).toMatch(/^demo: --reset deletes only a data directory the demo made/);
    expect(fs.readFileSync(path.join(foreign, "keep.txt"), "utf8")).toBe("mine");
  }, 60_000);
});
