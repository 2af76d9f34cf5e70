import { describe, expect, test } from "vitest";
import { execFileSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { ConfigError, decodeKey32, parseConfig, startProblem, VARIABLES } from "./config.mjs";

/** The message of the ConfigError that parsing `env` throws. */
function refusal(env: Record<string, string>): string {
  try {
    parseConfig(env);
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as Error).message).not.toContain("\n");
    return (error as Error).message;
  }
  throw new Error(`accepted ${JSON.stringify(env)}`);
}

describe("configuration (lib/core/config.mjs)", () => {
  test("defaults: unset and blank are the same", () => {
    for (const env of [{}, Object.fromEntries(VARIABLES.map((name) => [name, "  "]))]) {
      const config = parseConfig(env);
      expect(config.port).toBe(3000);
      expect(config.hostname).toBe("127.0.0.1");
      expect(config.databaseUrl).toBeNull();
      expect(config.dataDir).toBe(path.resolve(".data"));
      expect(config.platform).toEqual({
        operatorToken: null,
        rateLimit: 120,
        maxBodyBytes: 1_048_576,
        encryptionKey: null,
        encryptionKeysPrevious: [],
        logRequests: true,
      });
      expect(config.dashboard.exportLeaseSeconds).toBe(30);
      expect(config.dashboard.exportWorker).toBe(true);
      expect(config.dashboard.platformBreaker).toEqual({ failures: 3, timeouts: 1, coolDownMs: 15_000 });
    }
  });

  test("numbers are whole numbers in digits: '1MB', '1e6', '12.5', '-1', 'abc' are refused with the variable's name", () => {
    expect(parseConfig({ PLATFORM_MAX_BODY_BYTES: " 2097152 " }).platform.maxBodyBytes).toBe(2_097_152);
    for (const bad of ["1MB", "1e6", "12.5", "-1", "abc", "0x10"]) {
      expect(refusal({ PLATFORM_MAX_BODY_BYTES: bad })).toBe(
        `PLATFORM_MAX_BODY_BYTES must be a whole number of bytes 1024 or more, not ${JSON.stringify(bad)}`,
      );
    }
    expect(refusal({ PLATFORM_RATE_LIMIT: "0" })).toBe('PLATFORM_RATE_LIMIT must be a whole number of requests a minute 1 or more, not "0"');
    expect(refusal({ DATABASE_POOL_SIZE: "ten" })).toMatch(/^DATABASE_POOL_SIZE must be a whole number/);
    expect(refusal({ SHUTDOWN_TIMEOUT_MS: "25s" })).toMatch(/^SHUTDOWN_TIMEOUT_MS must be a whole number/);
    expect(refusal({ DASHBOARD_EXPORT_LEASE_SECONDS: "1" })).toMatch(/^DASHBOARD_EXPORT_LEASE_SECONDS must be a whole number of seconds from 2 to 3600/);
  });

  test("argon2id's cost: OWASP's defaults (m=19456 KiB, t=2, p=1); a value out of bounds is refused with one line", () => {
    expect(parseConfig({}).dashboard.passwordHashing).toEqual({ memoryKib: 19_456, timeCost: 2, parallelism: 1 });
    expect(
      parseConfig({ DASHBOARD_PASSWORD_MEMORY_KIB: "65536", DASHBOARD_PASSWORD_TIME_COST: "3", DASHBOARD_PASSWORD_PARALLELISM: "4" }).dashboard.passwordHashing,
    ).toEqual({ memoryKib: 65_536, timeCost: 3, parallelism: 4 });
    expect(refusal({ DASHBOARD_PASSWORD_MEMORY_KIB: "4096" })).toBe(
      'DASHBOARD_PASSWORD_MEMORY_KIB must be a whole number of KiB from 8192 to 1048576, not "4096"',
    );
    expect(refusal({ DASHBOARD_PASSWORD_MEMORY_KIB: "19MB" })).toMatch(/^DASHBOARD_PASSWORD_MEMORY_KIB must be a whole number of KiB/);
    expect(refusal({ DASHBOARD_PASSWORD_TIME_COST: "0" })).toBe('DASHBOARD_PASSWORD_TIME_COST must be a whole number of iterations from 1 to 10, not "0"');
    expect(refusal({ DASHBOARD_PASSWORD_TIME_COST: "11" })).toMatch(/^DASHBOARD_PASSWORD_TIME_COST must be a whole number of iterations from 1 to 10/);
    expect(refusal({ DASHBOARD_PASSWORD_PARALLELISM: "17" })).toBe('DASHBOARD_PASSWORD_PARALLELISM must be a whole number of lanes from 1 to 16, not "17"');
  });

  test("SMTP: unset sends no mail; SMTP_URL is smtp:// or smtps:// (never echoed: it may hold a password) and needs SMTP_FROM", () => {
    expect(parseConfig({}).dashboard.smtp).toBeNull();
    expect(parseConfig({ SMTP_URL: "smtps://u:p@mail.example.com:465", SMTP_FROM: "Dashboard <d@example.com>" }).dashboard.smtp).toEqual({
      url: "smtps://u:p@mail.example.com:465",
      from: "Dashboard <d@example.com>",
    });
    expect(refusal({ SMTP_URL: "https://u:secret@mail.example.com", SMTP_FROM: "d@example.com" })).toBe(
      "SMTP_URL must be an smtp:// or smtps:// address (smtps://user:password@mail.example.com:465), unset to send no mail",
    );
    expect(refusal({ SMTP_URL: "smtp://mail.example.com" })).toBe(
      "SMTP_FROM is needed with SMTP_URL: the sender of invite and reset mails (dashboard@example.com)",
    );
    expect(refusal({ SMTP_URL: "smtp://mail.example.com", SMTP_FROM: "nobody" })).toBe(
      "SMTP_FROM must be an address (dashboard@example.com or Dashboard <dashboard@example.com>)",
    );
  });

  test("PORT is a port", () => {
    expect(parseConfig({ PORT: "8080" }).port).toBe(8080);
    for (const bad of ["0", "65536", "http", "80.5"]) {
      expect(refusal({ PORT: bad })).toBe(`PORT must be a whole number from 1 to 65535, not ${JSON.stringify(bad)}`);
    }
  });

  test("switches are 0/1 or false/true", () => {
    expect(parseConfig({ PLATFORM_LOG_REQUESTS: "0" }).platform.logRequests).toBe(false);
    expect(parseConfig({ PLATFORM_LOG_REQUESTS: "true" }).platform.logRequests).toBe(true);
    expect(refusal({ DASHBOARD_EXPORT_WORKER: "maybe" })).toBe('DASHBOARD_EXPORT_WORKER must be 1 or 0 (true or false), not "maybe"');
  });

  test("DATABASE_URL must parse as postgres://, and its value (a password) is not repeated", () => {
    expect(parseConfig({ DATABASE_URL: "postgres://u:p@db:5432/app" }).databaseUrl).toBe("postgres://u:p@db:5432/app");
    expect(parseConfig({ DATABASE_URL: "postgresql://db/app" }).databaseUrl).toBe("postgresql://db/app");
    for (const bad of ["mysql://u:hunter2@db/app", "db:5432", "postgres://"]) {
      const message = refusal({ DATABASE_URL: bad });
      expect(message).toMatch(/^DATABASE_URL must be a postgres:\/\/ address/);
      expect(message).not.toContain("hunter2");
    }
  });

  test("DATABASE_DIRECT_URL (the server behind a pooler) is a postgres:// address like DATABASE_URL and needs it", () => {
    const pooled = "postgres://u:p@pgbouncer:6432/app";
    expect(parseConfig({ DATABASE_URL: pooled }).databaseDirectUrl).toBeNull();
    expect(parseConfig({ DATABASE_URL: pooled, DATABASE_DIRECT_URL: " postgresql://u:p@db:5432/app " })).toMatchObject({
      databaseUrl: pooled,
      databaseDirectUrl: "postgresql://u:p@db:5432/app",
    });
    for (const bad of ["mysql://u:hunter2@db/app", "db:5432", "postgres://", "u:hunter2@db"]) {
      expect(refusal({ DATABASE_URL: pooled, DATABASE_DIRECT_URL: bad })).toBe(
        "DATABASE_DIRECT_URL must be a postgres:// address (postgres://user:password@host:5432/database), the server itself, not a pooler; unset: DATABASE_URL",
      );
    }
    expect(refusal({ DATABASE_DIRECT_URL: "postgres://u:hunter2@db:5432/app" })).toBe(
      "DATABASE_DIRECT_URL is set without DATABASE_URL: set DATABASE_URL too (where queries go, e.g. the pooler), or unset both for the embedded database",
    );
    // A wrong DATABASE_URL is named first, not hidden behind the rule between the two.
    expect(refusal({ DATABASE_URL: "db", DATABASE_DIRECT_URL: "postgres://db/app" })).toMatch(/^DATABASE_URL must be a postgres:\/\/ address/);
  });

  test("keys are exactly 32 bytes (hex or base64); the secret is never repeated", () => {
    const raw = randomBytes(32);
    for (const text of [raw.toString("hex"), raw.toString("base64"), raw.toString("base64url"), ` ${raw.toString("hex")}\n`]) {
      expect(decodeKey32(text)).toEqual(raw);
      expect(parseConfig({ PLATFORM_ENCRYPTION_KEY: text }).platform.encryptionKey).toEqual(raw);
    }
    for (const bad of [
      "abc",
      "passphrase-that-is-long-enough",
      "ab".repeat(31),
      "ab".repeat(33),
      randomBytes(16).toString("base64"),
      randomBytes(48).toString("base64"),
    ]) {
      expect(decodeKey32(bad)).toBeNull();
      const message = refusal({ PLATFORM_ENCRYPTION_KEY: bad });
      expect(message).toMatch(/^PLATFORM_ENCRYPTION_KEY must be 32 bytes: 64 hex characters or base64/);
      expect(message).not.toContain(bad);
      expect(refusal({ DASHBOARD_ENCRYPTION_KEY: bad })).toMatch(/^DASHBOARD_ENCRYPTION_KEY must be 32 bytes/);
    }
    const previous = parseConfig({ PLATFORM_ENCRYPTION_KEYS_PREVIOUS: ` ${"11".repeat(32)} ,${"22".repeat(32)}` }).platform.encryptionKeysPrevious;
    expect(previous.map((key) => key.toString("hex"))).toEqual(["11".repeat(32), "22".repeat(32)]);
    expect(refusal({ PLATFORM_ENCRYPTION_KEYS_PREVIOUS: `${"11".repeat(32)},abc` })).toMatch(/^PLATFORM_ENCRYPTION_KEYS_PREVIOUS entry 2 must be 32 bytes/);
  });

  test("NEXTAUTH_SECRET, AUTH_SECRET, PLATFORM_OPERATOR_TOKEN: short is refused wherever the configuration is read; missing stops only npm start", () => {
    expect(refusal({ NEXTAUTH_SECRET: "short-secret" })).toBe(
      "NEXTAUTH_SECRET must be at least 32 characters (openssl rand -base64 32); the value given has 12",
    );
    for (const name of ["AUTH_SECRET", "PLATFORM_OPERATOR_TOKEN"]) {
      expect(refusal({ [name]: "x".repeat(31) })).toBe(`${name} must be at least 32 characters (openssl rand -base64 32); the value given has 31`);
      expect(() => parseConfig({ [name]: "x".repeat(32) })).not.toThrow();
    }
    expect(startProblem(parseConfig({}))).toMatch(/^NEXTAUTH_SECRET is not set/);
    expect(startProblem(parseConfig({ NEXTAUTH_SECRET: "x".repeat(32) }))).toBeNull();
  });

  test("addresses: PLATFORM_BASE_URL and NEXTAUTH_URL are http(s) URLs", () => {
    expect(parseConfig({ PLATFORM_BASE_URL: "https://api.example.com/" }).dashboard.platformBaseUrl).toBe("https://api.example.com");
    expect(refusal({ PLATFORM_BASE_URL: "api.example.com" })).toMatch(/^PLATFORM_BASE_URL must be an http:\/\/ or https:\/\/ address/);
    expect(refusal({ NEXTAUTH_URL: "ftp://x" })).toMatch(/^NEXTAUTH_URL must be an http:\/\/ or https:\/\/ address/);
  });

  test("no file of the app reads process.env but lib/core/config.mjs", () => {
    // Application code: what runs in the server or an operator's command. Tests, browser tests and
    // benchmarks set up their own environments. NEXT_RUNTIME in instrumentation.ts is Next's own
    // compile-time switch (replaced in each bundle), not configuration.
    const listed = execFileSync(
      "git",
      ["ls-files", "-co", "--exclude-standard", "app", "components", "lib", "scripts", "proxy.ts", "instrumentation.ts", "next.config.ts"],
      {
        encoding: "utf8",
      },
    )
      .split("\n")
      .filter((file) => /\.(ts|tsx|mjs|js)$/.test(file))
      .filter((file) => !/\.test\.ts$|\.chaos\.ts$|(^|\/)testing\/|^lib\/core\/config\.mjs$/.test(file));
    const offenders: string[] = [];
    for (const file of listed) {
      const text = fs.readFileSync(file, "utf8");
      for (const [index, line] of text.split("\n").entries()) {
        if (!line.includes("process.env")) continue;
        if (file === "instrumentation.ts" && line.includes("process.env.NEXT_RUNTIME")) continue;
        offenders.push(`${file}:${index + 1}: ${line.trim()}`);
      }
    }
    expect(offenders).toEqual([]);
  });

  test(".env.example lists every variable this module reads, once, each under a one-line comment; a line left as it is holds the default", () => {
    const lines = fs.readFileSync(".env.example", "utf8").split("\n");
    // `NAME=value`, or commented out: `# NAME=value` (no default, or one that changes what the app does once set).
    const assignment = /^(# )?([A-Z][A-Z0-9_]*)=(.*)$/;
    const listed: string[] = [];
    const active: Record<string, string> = {};
    for (const [index, line] of lines.entries()) {
      const match = assignment.exec(line);
      if (!match) continue;
      const [, commented, name, value] = match;
      listed.push(name);
      expect(lines[index - 1], `the comment above ${name}`).toMatch(/^# \S/);
      expect(assignment.test(lines[index - 1]), `the comment above ${name}`).toBe(false);
      if (!commented) active[name] = value;
    }
    expect(listed.filter((name, index) => listed.indexOf(name) !== index)).toEqual([]);
    expect([...listed].sort()).toEqual([...VARIABLES].sort());
    // Copying the file to .env changes no setting.
    expect(Object.keys(active).length).toBeGreaterThan(30);
    expect(parseConfig(active)).toEqual(parseConfig({}));
  });

  test("the README's settings table names every variable this module reads, and the tests' own two", () => {
    const readme = fs.readFileSync("README.md", "utf8");
    const table = readme.slice(readme.indexOf("| variable | default | meaning |"));
    const rows = table.slice(0, table.indexOf("\n\n")).split("\n");
    const names = rows.map((row) => /^\| `([A-Z][A-Z0-9_]*)` \|/.exec(row)?.[1]).filter((name): name is string => name !== undefined);
    expect(names.length).toBe(rows.length - 2);
    // The tests' two (TEST_…) are read by the test setup (vitest.config.mts, lib/db/testing/), not by the app.
    expect(names.filter((name) => name.startsWith("TEST_"))).toHaveLength(2);
    expect(names.filter((name) => !name.startsWith("TEST_")).sort()).toEqual([...VARIABLES].sort());
  });
});
