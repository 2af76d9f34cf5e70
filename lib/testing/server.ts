import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { freePort } from "./free-port";

/**
 * The production server (`npm start`, scripts/start.mjs) in a child process, for
 * tests that need real instances: several on one database, killed, restarted.
 * It runs from the build in NEXT_DIST_DIR (default .next), which the test
 * command makes first.
 */
export interface ServerInstance {
  url: string;
  port: number;
  child: ChildProcess;
  /** Settles when the process has ended: its exit code, or the signal that ended it. */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /** Sends a signal to the server's process group (nothing when it has already ended). */
  signal(name: NodeJS.Signals): void;
}

/** The production build the servers run (NEXT_DIST_DIR, default .next). */
export const distDir = (): string => process.env.NEXT_DIST_DIR || ".next";

/** Fails clearly when there is no production build to run. */
export function assertBuilt(): void {
  if (!fs.existsSync(path.join(distDir(), "BUILD_ID"))) throw new Error(`no production build in ${distDir()}: run next build first`);
}

export interface StartOptions {
  /** Environment on top of this process's; a function receives the server's own URL (e.g. for PLATFORM_BASE_URL). */
  env: Record<string, string> | ((url: string) => Record<string, string>);
  /** How long to wait for GET /api/health to answer 200; default 60 s. */
  readyTimeoutMs?: number;
  /** Receives the server's standard output line by line (it is discarded otherwise). */
  onLine?: (line: string) => void;
}

export async function startServer(options: StartOptions): Promise<ServerInstance> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const extra = typeof options.env === "function" ? options.env(url) : options.env;
  const child = spawn(process.execPath, [path.join(process.cwd(), "scripts/start.mjs")], {
    env: { ...process.env, NEXT_TELEMETRY_DISABLED: "1", ...extra, PORT: String(port), HOSTNAME: "127.0.0.1" },
    stdio: ["ignore", options.onLine ? "pipe" : "ignore", "inherit"],
    // Its own process group, so that a signal reaches everything it started.
    detached: true,
  });
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once("exit", (code, signal) => resolve({ code, signal })),
  );
  if (options.onLine && child.stdout) {
    let rest = "";
    child.stdout.setEncoding("utf8").on("data", (chunk: string) => {
      const lines = (rest + chunk).split("\n");
      rest = lines.pop() ?? "";
      for (const line of lines) options.onLine!(line);
    });
  }
  let ended = false;
  void exited.then(() => (ended = true));
  const instance: ServerInstance = {
    url,
    port,
    child,
    exited,
    signal(name) {
      if (ended || !child.pid) return;
      try {
        process.kill(-child.pid, name);
      } catch {
        /* already gone */
      }
    },
  };
  const deadline = Date.now() + (options.readyTimeoutMs ?? 60_000);
  while (Date.now() < deadline) {
    if (ended) throw new Error(`the server on ${url} exited before it was ready (${JSON.stringify(await exited)})`);
    const health = await fetch(`${url}/api/health`).catch(() => null);
    if (health?.ok) return instance;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  instance.signal("SIGKILL");
  throw new Error(`the server on ${url} did not become ready`);
}
