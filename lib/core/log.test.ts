import fs from "node:fs";
import { afterEach, beforeEach, describe, expect, test, vi } from "vitest";
import { sourceFiles } from "@/lib/testing/source-files";
import { log } from "./log.mjs";

const TOKEN = "Qm9vcmluZy1idXQtcmFuZG9tLXRva2VuLW9mLTQzLWNo";

describe("the log line", () => {
  let out: string[];
  let err: string[];
  beforeEach(() => {
    out = [];
    err = [];
    vi.spyOn(process.stdout, "write").mockImplementation((chunk) => {
      out.push(String(chunk));
      return true;
    });
    vi.spyOn(process.stderr, "write").mockImplementation((chunk) => {
      err.push(String(chunk));
      return true;
    });
  });
  afterEach(() => vi.restoreAllMocks());
  const parsed = (lines: string[]) => lines.map((line) => JSON.parse(line) as Record<string, unknown>);

  test("log: one JSON line, time (ISO), level and msg first, then the fields; info and warn on stdout, error on stderr", () => {
    const before = Date.now();
    log.info("request", { request_id: "r-1", status: 200, duration_ms: 1.5 });
    log.warn("platform breaker opened", { failures: 3 });
    log.error("export failed", { job_id: 7 });
    expect(out).toHaveLength(2);
    expect(err).toHaveLength(1);
    for (const line of [...out, ...err]) expect(line).toMatch(/^\{[^\n]*\}\n$/);
    const [info, warn] = parsed(out);
    expect(Object.keys(info)).toEqual(["time", "level", "msg", "request_id", "status", "duration_ms"]);
    expect(info).toMatchObject({ level: "info", msg: "request", request_id: "r-1", status: 200, duration_ms: 1.5 });
    expect(info.time).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    expect(Date.parse(info.time as string)).toBeGreaterThanOrEqual(before - 1);
    expect(warn).toMatchObject({ level: "warn", msg: "platform breaker opened", failures: 3 });
    expect(parsed(err)[0]).toMatchObject({ level: "error", msg: "export failed", job_id: 7 });
  });

  test("log: a field cannot replace time, level or msg", () => {
    log.info("the real message", { time: "yesterday", level: "error", msg: "another" });
    const [line] = parsed(out);
    expect(line).toMatchObject({ level: "info", msg: "the real message" });
    expect(line.time).not.toBe("yesterday");
    expect(err).toEqual([]);
  });

  test("log: an error is described by its text, its driver's code and its stack's frames (never its message twice)", () => {
    const driver = Object.assign(new Error("could not extend file"), { code: "53100" });
    log.error("database disk full", { area: "database", error: new Error("write failed", { cause: driver }) });
    const [line] = parsed(err);
    expect(line).toMatchObject({ msg: "database disk full", area: "database", error: "Error: write failed", code: "53100" });
    expect(line.stack).toMatch(/^\s+at /);
    expect(line.stack).not.toContain("write failed");
  });

  test("log: a failed query is logged by the driver's error, never with the values bound to it", () => {
    const cause = Object.assign(new Error('relation "nope" does not exist'), { code: "42P01" });
    const failed = Object.assign(new Error("Failed query: select $1 from nope\nparams: $argon2id$secret-hash", { cause }), {
      query: "select $1 from nope",
      params: ["$argon2id$secret-hash"],
    });
    log.warn("password hash upgrade failed", { user_id: 4, error: failed, detail: { cause: failed } });
    expect(out[0]).not.toContain("secret-hash");
    expect(parsed(out)[0]).toMatchObject({
      user_id: 4,
      error: 'Error: relation "nope" does not exist',
      code: "42P01",
      detail: { cause: 'Error: relation "nope" does not exist' },
    });
  });

  test("log: a thrown non-error by its text or its type; a caller's own code field wins over the error's", () => {
    log.error("command failed", { error: "plain text" });
    log.error("export failed", { code: "internal", error: Object.assign(new Error("boom"), { code: "ECONNRESET" }) });
    log.error("worker loop failed", { error: { password: "hunter2" } });
    const [text, coded, thrown] = parsed(err);
    expect(text).toMatchObject({ error: "plain text" });
    expect(text).not.toHaveProperty("stack");
    expect(coded).toMatchObject({ code: "internal", error: "Error: boom" });
    expect(thrown).toMatchObject({ error: "non-error thrown: object" });
    expect(err.join("")).not.toContain("hunter2");
  });

  test("log: a one-time link's token is masked in the message and in any field; other paths stay", () => {
    log.info(`GET /welcome/${TOKEN}`, {
      path: `/welcome/${TOKEN}`,
      nested: { url: `https://dash.example.com/welcome/${TOKEN}?x=1` },
      next: "/settings/team",
    });
    log.error("link failed", { error: new Error(`no such link /welcome/${TOKEN}`) });
    const all = [...out, ...err].join("");
    expect(all).not.toContain(TOKEN);
    expect(parsed(out)[0]).toMatchObject({
      msg: "GET /welcome/[token]",
      path: "/welcome/[token]",
      nested: { url: "https://dash.example.com/welcome/[token]?x=1" },
      next: "/settings/team",
    });
    expect(parsed(err)[0]).toMatchObject({ error: "Error: no such link /welcome/[token]" });
  });

  test("log: a field named as a secret is redacted at any depth; an unset one and ordinary ids stay", () => {
    log.info("connection", {
      password: "hunter2",
      api_key: "pk_live_1",
      apiKey: "pk_live_2",
      operatorToken: "op-3",
      headers: { Authorization: "Bearer abc", cookie: "session=4", "X-Api-Key": "pk_live_5" },
      items: [{ secret: "s-6" }],
      password_hash: "$argon2id$7",
      token: null,
      key_holder_id: 12,
      keyLast4: "abcd",
    });
    const line = out[0];
    for (const secret of ["hunter2", "pk_live_1", "pk_live_2", "op-3", "Bearer abc", "session=4", "pk_live_5", "s-6", "$argon2id$7"]) {
      expect(line).not.toContain(secret);
    }
    expect(JSON.parse(line)).toMatchObject({
      password: "[redacted]",
      api_key: "[redacted]",
      apiKey: "[redacted]",
      operatorToken: "[redacted]",
      headers: { Authorization: "[redacted]", cookie: "[redacted]", "X-Api-Key": "[redacted]" },
      items: [{ secret: "[redacted]" }],
      password_hash: "[redacted]",
      token: null,
      key_holder_id: 12,
      keyLast4: "abcd",
    });
  });

  test("log: a bearer credential or a URL's password inside text is masked", () => {
    log.error("database unreachable", {
      error: new Error("connect postgres://app:hunter2@db.example.com:5432/app failed"),
      sent: "Authorization: Bearer sk_9f8e7d",
    });
    expect(err[0]).not.toContain("hunter2");
    expect(err[0]).not.toContain("sk_9f8e7d");
    expect(parsed(err)[0]).toMatchObject({
      error: "Error: connect postgres://app:[redacted]@db.example.com:5432/app failed",
      sent: "Authorization: Bearer [redacted]",
    });
  });

  test("log: a field that cannot be written (a cycle, a bigint) never loses the line", () => {
    const cycle: Record<string, unknown> = { name: "loop" };
    cycle.self = cycle;
    log.info("with a cycle", { cycle });
    log.info("with a bigint", { rows: 12345678901234567890n });
    const [cyclic, big] = parsed(out);
    expect(cyclic).toMatchObject({ level: "info", msg: "with a cycle" });
    expect(cyclic.log_fields_unwritable).toMatch(/circular/i);
    expect(big).toMatchObject({ msg: "with a bigint", rows: "12345678901234567890" });
  });
});

/**
 * Every log line goes through lib/core/log.mjs. Found here, in the code of app/, components/, lib/, scripts/, proxy.ts
 * and instrumentation.ts (not tests, test helpers or the logger itself):
 * - a JSON log line written by hand: `JSON.stringify({ level, … })` or `JSON.stringify({ msg, … })`, or JSON text
 *   with a `"level":`/`"msg":` key. JSON a command prints as its result (`{ backup: … }`) has neither and passes.
 * - in the server's code (app/, components/, lib/, proxy.ts, instrumentation.ts), any console call or use of
 *   process.stdout/stderr: the server writes to its streams through the logger only. Passing: the files below, which
 *   print to the person at a terminal, and browser code ("use client": the browser's console is not the server's log).
 */
const TERMINAL_OUTPUT = new Map([
  ["lib/core/config.mjs", "configOrExit: the one-line refusal of `npm start` and `npm run demo` (`npm start: PORT must be …`)"],
  ["lib/commands/cli.ts", "an operator command's answer and refusals, in the command's own process"],
  ["lib/commands/user-link-output.ts", "the one-time link or password an operator command shows its user"],
]);

const LOGGER = "lib/core/log.mjs";
const SERVER_CODE = /^(app|components|lib)\/|^(proxy|instrumentation)\.ts$/;
const LOG_KEY = /(?<![\w$.'"-])["']?(?:level|msg)["']?\s*[:,}]/;
const JSON_LOG_TEXT = /[{,]\s*\\?"(?:level|msg)\\?"\s*:/;
const STREAM_OR_CONSOLE = /\bconsole\.\w+\s*\(|\bprocess\.(?:stdout|stderr)\b/;

/** The text of a call from its name to its closing parenthesis. */
function callAt(code: string, start: number, open: number): string {
  let depth = 0;
  let end = open;
  for (; end < code.length; end += 1) {
    if (code[end] === "(") depth += 1;
    else if (code[end] === ")" && --depth === 0) break;
  }
  return code.slice(start, end + 1);
}

/** `line: text` of each hand-written log line in code (file: the project path, which decides the rules). */
function handWrittenLogLines(file: string, code: string): string[] {
  const lineOf = (index: number) => code.slice(0, index).split("\n").length;
  const found: { line: number; text: string }[] = [];
  for (const match of code.matchAll(/\bJSON\.stringify\s*\(/g)) {
    const call = callAt(code, match.index, match.index + match[0].length - 1);
    if (LOG_KEY.test(call)) found.push({ line: lineOf(match.index), text: call });
  }
  code.split("\n").forEach((text, index) => {
    if (JSON_LOG_TEXT.test(text)) found.push({ line: index + 1, text });
    const serverCode = SERVER_CODE.test(file) && !TERMINAL_OUTPUT.has(file) && !/^\s*["']use client["']/.test(code);
    if (serverCode && STREAM_OR_CONSOLE.test(text)) found.push({ line: index + 1, text });
  });
  return [...new Map(found.map((entry) => [entry.line, entry])).values()]
    .sort((a, b) => a.line - b.line)
    .map(({ line, text }) => `${file}:${line}: ${text.replace(/\s+/g, " ").trim().slice(0, 160)}`);
}

const isScanned = (file: string) => file !== LOGGER && !/\.(test|chaos)\.tsx?$/.test(file) && !/(^|\/)testing\//.test(file);

test("log: no file writes a log line but through lib/core/log.mjs", () => {
  const files = [...["app", "components", "lib", "scripts"].flatMap((dir) => sourceFiles(dir)), "proxy.ts", "instrumentation.ts"].filter(isScanned);
  expect(files.length).toBeGreaterThan(100);
  expect(files).toContain("scripts/start.mjs");
  const found = files.flatMap((file) => handWrittenLogLines(file, fs.readFileSync(file, "utf8")));
  expect(found).toEqual([]);
});

test("log: the scan flags a JSON log line written by hand and any stream use in server code, naming the line", () => {
  const flagged: [string, string][] = [
    ["lib/api/x.ts", 'process.stdout.write(`${JSON.stringify({ level: "info", time: new Date().toISOString(), msg: "x" })}\\n`);'],
    ["scripts/x.mjs", "function log(level, msg, fields) {\n  const line = JSON.stringify({ level, time: new Date().toISOString(), msg, ...fields });\n}"],
    ["scripts/x.mjs", 'console.error(JSON.stringify({\n  msg: "export failed",\n  job_id: 1,\n}));'],
    ["scripts/x.ts", 'process.stderr.write(`{"level":"error","msg":"${text}"}\\n`);'],
    ["lib/db/x.ts", '(level === "error" ? process.stderr : process.stdout).write(`${line}\\n`);'],
    ["lib/core/jobs/x.ts", "console.log(`worker started`);"],
    ["instrumentation.ts", 'console.warn("migrations took long");'],
  ];
  for (const [file, code] of flagged) expect(handWrittenLogLines(file, code), code).toHaveLength(1);
  expect(handWrittenLogLines("scripts/x.ts", 'const a = 1;\nconsole.error(JSON.stringify({ level: "error", msg: "x" }));')).toEqual([
    'scripts/x.ts:2: JSON.stringify({ level: "error", msg: "x" })',
  ]);
  const passing: [string, string][] = [
    ["lib/api/x.ts", 'log.info("platform budget wait", { method, wait_ms: waitMs });'],
    ["scripts/backup.ts", "console.log(JSON.stringify({ backup: result }));"],
    ["scripts/seed-dashboard.ts", "process.stdout.write(`${JSON.stringify({ apiKey: seed.apiKey, seeded: seed.seeded })}\\n`);"],
    ["scripts/start.mjs", "process.stderr.write(`npm start: ${line}\\n`);"],
    ["lib/commands/cli.ts", "console.error(`${label}: ${error.message}`);"],
    ["lib/platform/json.ts", "return JSON.stringify({ message: text, errors, level_count: 2 });"],
    ["components/x.tsx", '"use client";\nconsole.error("chart failed to draw");'],
  ];
  for (const [file, code] of passing) expect(handWrittenLogLines(file, code), code).toEqual([]);
});
