// The configuration: every environment variable the app reads, parsed once with
// zod into one typed object. No other file reads process.env (a test in
// lib/core/config.test.ts checks it); `npm start` (scripts/start.mjs) parses it before
// anything else and stops with one line naming the variable and what is wrong.
//
// Plain JavaScript (ES module) so that scripts/start.mjs and scripts/demo.mjs,
// which run without a TypeScript loader, share it with the app; TypeScript
// infers its types (tsconfig allowJs).
//
// Conventions: an empty value is the same as an unset one (`VAR=` in a file of
// variables); numbers are whole numbers in decimal digits only ("1MB", "1e6",
// "12.5" are errors, not silently 0 or "no limit"); switches are 0/1 (or
// false/true); the value of a secret is never repeated in an error.
import path from "node:path";
// CommonJS: its functions are properties of the default export (plain node has no named exports of it).
import nextEnv from "@next/env";
import { z } from "zod";

export class ConfigError extends Error {
  /** @param {string} variable @param {string} message one line: the variable and what is wrong */
  constructor(variable, message) {
    super(message);
    this.name = "ConfigError";
    this.variable = variable;
  }
}

/** @param {unknown} value */
const blankToUndefined = (value) => (typeof value === "string" && value.trim() === "" ? undefined : value);

/**
 * A variable read by `parse`, which returns the value or, for a wrong one, the
 * message (a string in an object); unset or blank: the fallback.
 * @template T
 * @param {T} fallback
 * @param {(text: string) => T | { wrong: string }} parse
 */
function parsedVariable(fallback, parse) {
  return z.preprocess(
    blankToUndefined,
    z
      .string()
      .optional()
      .transform((text, context) => {
        if (text === undefined) return fallback;
        const value = parse(text);
        if (value !== null && typeof value === "object" && "wrong" in value) {
          context.addIssue({ code: "custom", message: value.wrong });
          return z.NEVER;
        }
        return /** @type {T} */ (value);
      }),
  );
}

/**
 * A whole number within [min, max]; unset: the default.
 * @param {{ min: number, max?: number, fallback: number, unit?: string }} rule
 */
function wholeNumber({ min, max = Number.MAX_SAFE_INTEGER, fallback, unit = "" }) {
  const range = max === Number.MAX_SAFE_INTEGER ? `${min} or more` : `from ${min} to ${max}`;
  const what = `a whole number${unit ? ` of ${unit}` : ""} ${range}`;
  return parsedVariable(fallback, (text) => {
    const trimmed = text.trim();
    const value = /^\d+$/.test(trimmed) ? Number(trimmed) : NaN;
    return Number.isSafeInteger(value) && value >= min && value <= max ? value : { wrong: `must be ${what}, not ${JSON.stringify(text)}` };
  });
}

/** 0/1, false/true, no/yes, off/on; unset: the default. @param {boolean} fallback */
function onOff(fallback) {
  return parsedVariable(fallback, (text) => {
    const value = text.trim().toLowerCase();
    if (["1", "true", "yes", "on"].includes(value)) return true;
    if (["0", "false", "no", "off"].includes(value)) return false;
    return { wrong: `must be 1 or 0 (true or false), not ${JSON.stringify(text)}` };
  });
}

/** A TCP port, or null when unset. */
const optionalPort = () =>
  parsedVariable(/** @type {number | null} */ (null), (text) => {
    const trimmed = text.trim();
    const value = /^\d+$/.test(trimmed) ? Number(trimmed) : NaN;
    return Number.isSafeInteger(value) && value >= 1 && value <= 65535 ? value : { wrong: `must be a port from 1 to 65535, not ${JSON.stringify(text)}` };
  });

/** Optional text, trimmed; unset or blank: null. */
const optionalText = () =>
  z.preprocess(
    blankToUndefined,
    z
      .string()
      .optional()
      .transform((text) => (text === undefined ? null : text.trim())),
  );

/**
 * An http(s) address without a trailing slash, or null.
 * @param {string} example
 */
const optionalHttpUrl = (example) =>
  optionalText().transform((text, context) => {
    if (text === null) return null;
    const url = URL.canParse(text) ? new URL(text) : null;
    if (!url || (url.protocol !== "http:" && url.protocol !== "https:")) {
      context.addIssue({ code: "custom", message: `must be an http:// or https:// address (e.g. ${example}), not ${JSON.stringify(text)}` });
      return z.NEVER;
    }
    return text.replace(/\/+$/, "");
  });

/**
 * A 32-byte key as 64 hex characters or base64 (standard or url-safe).
 * @param {string} value @returns {Buffer | null} null when it is not one
 */
export function decodeKey32(value) {
  const text = value.trim();
  if (/^[0-9a-fA-F]{64}$/.test(text)) return Buffer.from(text, "hex");
  if (/^[A-Za-z0-9+/_-]{43}={0,1}$/.test(text)) {
    const decoded = Buffer.from(text, "base64");
    if (decoded.length === 32) return decoded;
  }
  return null;
}

/** What a key must look like, for the messages. */
export const KEY32_RULE = "must be 32 bytes: 64 hex characters or base64 (openssl rand -hex 32)";

const optionalKey32 = () =>
  optionalText().transform((text, context) => {
    if (text === null) return null;
    const key = decodeKey32(text);
    if (!key) {
      context.addIssue({ code: "custom", message: `${KEY32_RULE}; the value given has ${text.length} characters` });
      return z.NEVER;
    }
    return key;
  });

const keyList = () =>
  optionalText().transform((text, context) => {
    /** @type {Buffer[]} */
    const keys = [];
    for (const [index, entry] of (text ?? "")
      .split(",")
      .map((part) => part.trim())
      .filter(Boolean)
      .entries()) {
      const key = decodeKey32(entry);
      if (!key) {
        context.addIssue({ code: "custom", message: `entry ${index + 1} ${KEY32_RULE}` });
        return z.NEVER;
      }
      keys.push(key);
    }
    return keys;
  });

/**
 * A postgres:// address, or null. The value may hold a password: a message never repeats it.
 * @param {string} unsetMeans what leaving it unset means, for the message
 */
const postgresUrl = (unsetMeans) =>
  optionalText().transform((text, context) => {
    if (text === null) return null;
    const url = URL.canParse(text) ? new URL(text) : null;
    if (!url || !["postgres:", "postgresql:"].includes(url.protocol) || !url.hostname) {
      context.addIssue({ code: "custom", message: `must be a postgres:// address (postgres://user:password@host:5432/database), ${unsetMeans}` });
      return z.NEVER;
    }
    return text;
  });

/** An smtp:// or smtps:// address, or null. It may hold a password: a message never repeats it. */
const smtpUrl = () =>
  optionalText().transform((text, context) => {
    if (text === null) return null;
    const url = URL.canParse(text) ? new URL(text) : null;
    if (!url || !["smtp:", "smtps:"].includes(url.protocol) || !url.hostname) {
      context.addIssue({
        code: "custom",
        message: "must be an smtp:// or smtps:// address (smtps://user:password@mail.example.com:465), unset to send no mail",
      });
      return z.NEVER;
    }
    return text;
  });

/** The shortest secret accepted (NEXTAUTH_SECRET, AUTH_SECRET, PLATFORM_OPERATOR_TOKEN): 32 characters (openssl rand -base64 32 gives 44). */
const MIN_SECRET_LENGTH = 32;

/** A secret that may be unset; when set, at least MIN_SECRET_LENGTH characters. Its value is never repeated in the refusal. */
const secretText = () =>
  optionalText().transform((text, context) => {
    if (text !== null && text.length < MIN_SECRET_LENGTH) {
      context.addIssue({
        code: "custom",
        message: `must be at least ${MIN_SECRET_LENGTH} characters (openssl rand -base64 32); the value given has ${text.length}`,
      });
      return z.NEVER;
    }
    return text;
  });

const variables = z.object({
  NODE_ENV: optionalText(),
  PORT: wholeNumber({ min: 1, max: 65535, fallback: 3000 }),
  HOSTNAME: optionalText().transform((text) => text ?? "127.0.0.1"),
  SHUTDOWN_TIMEOUT_MS: wholeNumber({ min: 0, fallback: 25_000, unit: "milliseconds" }),
  TRUSTED_PROXIES: wholeNumber({ min: 0, max: 10, fallback: 0 }),
  DATABASE_URL: postgresUrl("unset for the embedded database"),
  DATABASE_DIRECT_URL: postgresUrl("the server itself, not a pooler; unset: DATABASE_URL"),
  DATA_DIR: optionalText().transform((text) => path.resolve(/*turbopackIgnore: true*/ text ?? "./.data")),
  DATABASE_POOL_SIZE: wholeNumber({ min: 1, max: 1000, fallback: 10, unit: "connections" }),
  NEXT_DIST_DIR: optionalText().transform((text) => text ?? ".next"),
  PLATFORM_OPERATOR_TOKEN: secretText(),
  PLATFORM_RATE_LIMIT: wholeNumber({ min: 1, fallback: 120, unit: "requests a minute" }),
  PLATFORM_MAX_BODY_BYTES: wholeNumber({ min: 1024, fallback: 1_048_576, unit: "bytes" }),
  PLATFORM_ENCRYPTION_KEY: optionalKey32(),
  PLATFORM_ENCRYPTION_KEYS_PREVIOUS: keyList(),
  PLATFORM_LOG_REQUESTS: onOff(true),
  // Prometheus metrics at /metrics (lib/core/metrics.mjs): off unless METRICS=1; on their own port, and behind a bearer token, when set.
  METRICS: onOff(false),
  METRICS_PORT: optionalPort(),
  METRICS_TOKEN: secretText(),
  PLATFORM_BASE_URL: optionalHttpUrl("https://platform.example.com"),
  PLATFORM_API_KEY: optionalText(),
  // Platform calls (lib/api/transport.ts): how long to wait for the connection, for the first byte of the answer, and
  // for the whole answer, per lane. Interactive: a person waits for the page; background: exports, bulk adjustments.
  PLATFORM_CONNECT_TIMEOUT_MS: wholeNumber({ min: 100, max: 600_000, fallback: 2_000, unit: "milliseconds" }),
  PLATFORM_FIRST_BYTE_TIMEOUT_MS: wholeNumber({ min: 100, max: 600_000, fallback: 5_000, unit: "milliseconds" }),
  PLATFORM_ANSWER_TIMEOUT_MS: wholeNumber({ min: 100, max: 600_000, fallback: 5_000, unit: "milliseconds" }),
  PLATFORM_BACKGROUND_CONNECT_TIMEOUT_MS: wholeNumber({ min: 100, max: 600_000, fallback: 10_000, unit: "milliseconds" }),
  PLATFORM_BACKGROUND_FIRST_BYTE_TIMEOUT_MS: wholeNumber({ min: 100, max: 600_000, fallback: 30_000, unit: "milliseconds" }),
  PLATFORM_BACKGROUND_ANSWER_TIMEOUT_MS: wholeNumber({ min: 100, max: 3_600_000, fallback: 120_000, unit: "milliseconds" }),
  // The circuit breaker of each platform (lib/api/breaker.ts): consecutive failures that open it (fewer when they ran
  // out of time: each cost a person the whole timeout), and for how long.
  PLATFORM_BREAKER_FAILURES: wholeNumber({ min: 1, max: 1000, fallback: 3 }),
  PLATFORM_BREAKER_TIMEOUTS: wholeNumber({ min: 1, max: 1000, fallback: 1 }),
  PLATFORM_BREAKER_COOL_DOWN_MS: wholeNumber({ min: 100, max: 3_600_000, fallback: 15_000, unit: "milliseconds" }),
  NEXTAUTH_SECRET: secretText(),
  AUTH_SECRET: secretText(),
  NEXTAUTH_URL: optionalHttpUrl("https://dashboard.example.com"),
  DASHBOARD_ENCRYPTION_KEY: optionalKey32(),
  SMTP_URL: smtpUrl(),
  SMTP_FROM: optionalText().transform((text, context) => {
    if (text !== null && !/^[^@\s<>]+@[^@\s<>]+$|<[^@\s<>]+@[^@\s<>]+>$/.test(text)) {
      context.addIssue({ code: "custom", message: "must be an address (dashboard@example.com or Dashboard <dashboard@example.com>)" });
      return z.NEVER;
    }
    return text;
  }),
  DASHBOARD_EXPORT_WORKER: onOff(true),
  DASHBOARD_EXPORT_LEASE_SECONDS: wholeNumber({ min: 2, max: 3600, fallback: 30, unit: "seconds" }),
  DASHBOARD_EXPORT_LOG: onOff(true),
  DASHBOARD_ADJUSTMENT_WORKER: onOff(true),
  DASHBOARD_ADJUSTMENT_LEASE_SECONDS: wholeNumber({ min: 2, max: 3600, fallback: 30, unit: "seconds" }),
  DASHBOARD_ADJUSTMENT_IN_FLIGHT_SECONDS: wholeNumber({ min: 35, max: 3600, fallback: 120, unit: "seconds" }),
  DASHBOARD_SIGNIN_MAX_FAILURES: wholeNumber({ min: 1, max: 1000, fallback: 5 }),
  DASHBOARD_SIGNIN_LOCK_SECONDS: wholeNumber({ min: 1, max: 86_400, fallback: 60, unit: "seconds" }),
  DASHBOARD_SIGNIN_MAX_FAILURES_PER_ADDRESS: wholeNumber({ min: 1, max: 100_000, fallback: 100 }),
  // argon2id for passwords; the defaults are OWASP's (m=19456 KiB, t=2, p=1).
  DASHBOARD_PASSWORD_MEMORY_KIB: wholeNumber({ min: 8192, max: 1_048_576, fallback: 19_456, unit: "KiB" }),
  DASHBOARD_PASSWORD_TIME_COST: wholeNumber({ min: 1, max: 10, fallback: 2, unit: "iterations" }),
  DASHBOARD_PASSWORD_PARALLELISM: wholeNumber({ min: 1, max: 16, fallback: 1, unit: "lanes" }),
  DEMO_CONTACTS: wholeNumber({ min: 0, max: 10_000_000, fallback: 50_000, unit: "contacts" }),
});

/** Rules between variables; the first issue's path names the variable the message is about. */
const checkedVariables = variables.superRefine((v, context) => {
  if (v.DATABASE_DIRECT_URL && !v.DATABASE_URL) {
    context.addIssue({
      code: "custom",
      path: ["DATABASE_DIRECT_URL"],
      message: "is set without DATABASE_URL: set DATABASE_URL too (where queries go, e.g. the pooler), or unset both for the embedded database",
    });
  }
  if (v.METRICS_PORT !== null && v.METRICS_PORT === v.PORT) {
    context.addIssue({
      code: "custom",
      path: ["METRICS_PORT"],
      message: `is PORT (${v.PORT}): unset it to serve /metrics on the main port, or pick another port`,
    });
  }
  if (v.SMTP_URL && !v.SMTP_FROM) {
    context.addIssue({ code: "custom", path: ["SMTP_FROM"], message: "is needed with SMTP_URL: the sender of invite and reset mails (dashboard@example.com)" });
  }
});

/** @param {z.infer<typeof variables>} v */
function shape(v) {
  return {
    production: v.NODE_ENV === "production",
    port: v.PORT,
    hostname: v.HOSTNAME,
    shutdownTimeoutMs: v.SHUTDOWN_TIMEOUT_MS,
    trustedProxies: v.TRUSTED_PROXIES,
    /** null: the embedded database in dataDir. */
    databaseUrl: v.DATABASE_URL,
    /**
     * The server itself, for what must hold one session: migrations under their lock. Set it when
     * DATABASE_URL goes through a connection pooler (PgBouncer in transaction mode); null: databaseUrl. A value
     * other than databaseUrl also turns off named prepared statements (lib/db/client.ts, queryRowsPrepared).
     */
    databaseDirectUrl: v.DATABASE_DIRECT_URL,
    dataDir: v.DATA_DIR,
    databasePoolSize: v.DATABASE_POOL_SIZE,
    nextDistDir: v.NEXT_DIST_DIR,
    /** Prometheus metrics: `port` null serves /metrics on the main port; `token` null asks no bearer token. */
    metrics: { enabled: v.METRICS, port: v.METRICS_PORT, token: v.METRICS_TOKEN },
    platform: {
      operatorToken: v.PLATFORM_OPERATOR_TOKEN,
      rateLimit: v.PLATFORM_RATE_LIMIT,
      maxBodyBytes: v.PLATFORM_MAX_BODY_BYTES,
      encryptionKey: v.PLATFORM_ENCRYPTION_KEY,
      encryptionKeysPrevious: v.PLATFORM_ENCRYPTION_KEYS_PREVIOUS,
      logRequests: v.PLATFORM_LOG_REQUESTS,
    },
    dashboard: {
      platformBaseUrl: v.PLATFORM_BASE_URL,
      platformApiKey: v.PLATFORM_API_KEY,
      /**
       * Timeouts of platform calls by lane, in milliseconds: connect, first byte of the answer, whole answer (a body
       * that drips). A page waits at most `interactive.answerMs` for the platform in all (lib/dashboard/platform.ts).
       */
      platformTimeouts: {
        interactive: { connectMs: v.PLATFORM_CONNECT_TIMEOUT_MS, firstByteMs: v.PLATFORM_FIRST_BYTE_TIMEOUT_MS, answerMs: v.PLATFORM_ANSWER_TIMEOUT_MS },
        background: {
          connectMs: v.PLATFORM_BACKGROUND_CONNECT_TIMEOUT_MS,
          firstByteMs: v.PLATFORM_BACKGROUND_FIRST_BYTE_TIMEOUT_MS,
          answerMs: v.PLATFORM_BACKGROUND_ANSWER_TIMEOUT_MS,
        },
      },
      /**
       * After `failures` calls in a row got no answer (or a 502/503/504), or `timeouts` of them ran out of time, calls
       * fail at once for `coolDownMs`; then one probe.
       */
      platformBreaker: {
        failures: v.PLATFORM_BREAKER_FAILURES,
        timeouts: v.PLATFORM_BREAKER_TIMEOUTS,
        coolDownMs: v.PLATFORM_BREAKER_COOL_DOWN_MS,
      },
      /** Signs session cookies (AUTH_SECRET is next-auth's other name for it). */
      authSecret: v.NEXTAUTH_SECRET ?? v.AUTH_SECRET,
      authUrl: v.NEXTAUTH_URL,
      encryptionKey: v.DASHBOARD_ENCRYPTION_KEY,
      /** Where invite and reset links are mailed through (null: no mail; the owner passes the link on) and their sender. */
      smtp: v.SMTP_URL && v.SMTP_FROM ? { url: v.SMTP_URL, from: v.SMTP_FROM } : null,
      exportWorker: v.DASHBOARD_EXPORT_WORKER,
      exportLeaseSeconds: v.DASHBOARD_EXPORT_LEASE_SECONDS,
      exportLog: v.DASHBOARD_EXPORT_LOG,
      adjustmentWorker: v.DASHBOARD_ADJUSTMENT_WORKER,
      adjustmentLeaseSeconds: v.DASHBOARD_ADJUSTMENT_LEASE_SECONDS,
      /**
       * How long after a row was marked sending its platform call may still be in flight (a 30 s timeout
       * plus the budget's inline wait fit well within it); after it, a row whose outcome was never recorded is reconciled.
       */
      adjustmentInFlightSeconds: v.DASHBOARD_ADJUSTMENT_IN_FLIGHT_SECONDS,
      signIn: {
        maxFailures: v.DASHBOARD_SIGNIN_MAX_FAILURES,
        lockSeconds: v.DASHBOARD_SIGNIN_LOCK_SECONDS,
        maxFailuresPerAddress: v.DASHBOARD_SIGNIN_MAX_FAILURES_PER_ADDRESS,
      },
      /**
       * argon2id's cost for new password hashes (lib/auth/password.ts). A stored hash made with other
       * values is made again with these at the user's next sign-in.
       */
      passwordHashing: {
        memoryKib: v.DASHBOARD_PASSWORD_MEMORY_KIB,
        timeCost: v.DASHBOARD_PASSWORD_TIME_COST,
        parallelism: v.DASHBOARD_PASSWORD_PARALLELISM,
      },
    },
    demoContacts: v.DEMO_CONTACTS,
  };
}

/** @typedef {ReturnType<typeof shape>} Config */

/** The names this module reads (for the README's table and the test that nothing else reads one). */
export const VARIABLES = Object.freeze(Object.keys(variables.shape));

/**
 * Parses an environment; throws ConfigError with one line for the first
 * variable that is wrong.
 * @param {Record<string, string | undefined>} env
 * @returns {Config}
 */
export function parseConfig(env) {
  const input = Object.create(null);
  for (const name of VARIABLES) input[name] = env[name];
  const result = checkedVariables.safeParse(input);
  if (!result.success) {
    const issue = result.error.issues[0];
    const variable = String(issue.path[0] ?? "environment");
    throw new ConfigError(variable, `${variable} ${issue.message}`);
  }
  return shape(result.data);
}

/** @type {Config | null} */
let current = null;

/** The configuration of this process, parsed on first use. @returns {Config} */
export function config() {
  current ??= parseConfig(process.env);
  return current;
}

/**
 * The configuration for a command that starts something (`npm start`, `npm run demo`):
 * a wrong value ends the process with one line, `<command>: <variable> …`, and exit code 1.
 * @param {string} command @returns {Config}
 */
export function configOrExit(command) {
  try {
    return config();
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    process.stderr.write(`${command}: ${error.message}\n`);
    process.exit(1);
  }
}

/**
 * The `.env` files of `dir`, loaded into process.env as Next loads them, by Next's own loader (`@next/env`,
 * `loadEnvConfig(dir, false)`): `.env.production.local`, `.env.local`, `.env.production`, `.env` (under NODE_ENV=test:
 * `.env.test.local`, `.env.test`, `.env`). The first file that sets a variable wins, and a variable of the real
 * environment wins over every file (set but empty too: `VAR=` in the environment stays unset).
 *
 * Every entry script calls it first, before any setting is read: `npm start`, `npm run demo` and scripts/run.mjs (the
 * operator commands, whose child process inherits the result). Next's own server in `npm start` then reads no file
 * again: loadEnvConfig keeps its first result in the process, and a child process finds `__NEXT_PROCESSED_ENV` set and
 * the values already in its environment, where they count as the real environment. A configuration parsed before is
 * dropped, so that config() sees the files.
 * @param {string} [dir] default: the working directory, where Next looks for them (`next({ dir: process.cwd() })`)
 * @returns {string[]} the files read, as named in dir
 */
export function loadEnvFiles(dir = process.cwd()) {
  const { loadedEnvFiles } = nextEnv.loadEnvConfig(dir, false);
  current = null;
  return loadedEnvFiles.map((file) => file.path);
}

/** Parses process.env again (tests that change it; nothing else needs to). @returns {Config} */
export function reloadConfig() {
  current = null;
  return config();
}

/**
 * What `npm start` needs beyond well-formed values: the session secret. Returns
 * the one line of the first problem, or null.
 * @param {Config} value
 */
export function startProblem(value) {
  if (!value.dashboard.authSecret) {
    return `NEXTAUTH_SECRET is not set: the dashboard signs its session cookies with it (openssl rand -base64 32)`;
  }
  return null;
}

/**
 * A variable whose name the caller was given (a script's `--password-env NAME`
 * option): the one read of a name not in this module's list.
 * @param {string} name @returns {string | undefined}
 */
export function namedVariable(name) {
  return process.env[name];
}

/** A copy of this process's environment, for a child process (scripts that start the server). */
export function environmentForChild() {
  return { ...process.env };
}

/**
 * Library defaults that live in the environment. Without NEXTAUTH_URL, next-auth
 * takes its own address from the request's Host (and X-Forwarded-Host/Proto)
 * instead of assuming http://localhost:3000; behind HTTPS, set NEXTAUTH_URL=https://…
 * so that session cookies are marked Secure.
 */
export function applyLibraryDefaults() {
  process.env.AUTH_TRUST_HOST ??= "true";
}

/** `npm start`: a production server that sends no telemetry, before the configuration is read. */
export function applyServerDefaults() {
  process.env.NODE_ENV ||= "production";
  process.env.NEXT_TELEMETRY_DISABLED ||= "1";
  applyLibraryDefaults();
}
