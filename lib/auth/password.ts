import { randomBytes } from "node:crypto";
import { hash as argon2Hash, parseOptions, verify as argon2Verify, type Algorithm, type Options } from "@node-rs/argon2";
import bcrypt from "bcryptjs";
import { ConcurrencyGate } from "./concurrency-gate";
import { comparisonPool } from "./password-worker";
import { config } from "@/lib/core/config.mjs";
import { processBridge } from "@/lib/core/process-bridge.mjs";

/** argon2id's cost: memory (KiB), passes and lanes (DASHBOARD_PASSWORD_* in lib/core/config.mjs). */
export type PasswordHashing = ReturnType<typeof config>["dashboard"]["passwordHashing"];

/**
 * Algorithm.Argon2id. The package declares its enums `const` and exports them empty at run time,
 * so `Algorithm.Argon2id` would be undefined in a build that compiles each file on its own (ours).
 */
const ARGON2ID = 2 as Algorithm;
/** Version 0x13 (19), the current one (Version.V0x13, declared `const` like Algorithm). */
const VERSION_0X13 = 1;

const ARGON2ID_PREFIX = "$argon2id$";
/** bcrypt's hashes ($2a$, $2b$, $2y$ and the cost), as this app stored them before argon2id. */
const BCRYPT_HASH = /^\$2[aby]\$\d\d\$/;

const argon2Options = (hashing: PasswordHashing): Options => ({
  algorithm: ARGON2ID,
  memoryCost: hashing.memoryKib,
  timeCost: hashing.timeCost,
  parallelism: hashing.parallelism,
});

/**
 * An argon2id hash (PHC string, with its salt and parameters) of the password. The native binding
 * computes it on libuv's thread pool: the event loop stays free meanwhile.
 */
export function hashPassword(password: string, hashing: PasswordHashing = config().dashboard.passwordHashing): Promise<string> {
  return argon2Hash(password, argon2Options(hashing));
}

/**
 * Whether a stored hash should be made again with the configured parameters once the password is
 * known (at sign-in): a bcrypt hash, or an argon2id one made with other parameters.
 */
export function passwordNeedsRehash(hash: string, hashing: PasswordHashing = config().dashboard.passwordHashing): boolean {
  if (!hash.startsWith(ARGON2ID_PREFIX)) return true;
  try {
    const made = parseOptions(hash);
    return (
      made.version !== VERSION_0X13 || made.memoryCost !== hashing.memoryKib || made.timeCost !== hashing.timeCost || made.parallelism !== hashing.parallelism
    );
  } catch {
    return true;
  }
}

let comparisons = 0;
/** How many password comparisons (real or against the dummy hash) this process has made: for tests and benchmarks. */
export const passwordComparisonCount = (): number => comparisons;

/**
 * Compares a password with a stored hash: argon2id on libuv's thread pool; a bcrypt hash (made
 * before argon2id) in a worker thread when one can be started (lib/auth/password-worker.ts), else
 * on the event loop. Anything else matches nothing.
 */
export async function verifyPassword(password: string, hash: string): Promise<boolean> {
  comparisons++;
  if (hash.startsWith(ARGON2ID_PREFIX)) return argon2Verify(hash, password).catch(() => false);
  if (!BCRYPT_HASH.test(hash)) return false;
  const pool = comparisonPool(PASSWORD_CHECKS_AT_ONCE);
  if (!pool) return bcrypt.compare(password, hash);
  try {
    return await pool.compare(password, hash);
  } catch {
    // A worker that died: this comparison runs here instead.
    return bcrypt.compare(password, hash);
  }
}

/**
 * A hash of nothing anyone knows, made with the configured parameters (the same cost as a real
 * check): compared against when the email is unknown, so timing does not tell which emails exist.
 * Made once per process, on first use or by `preparePasswordChecks`, and kept in the process bridge.
 */
function dummyHash(): Promise<string> {
  const bridge = processBridge();
  if (!bridge.passwordDummyHash) {
    const made = hashPassword(randomBytes(16).toString("hex"));
    bridge.passwordDummyHash = made;
    // A failure is not kept: the next check tries again.
    made.catch(() => {
      if (bridge.passwordDummyHash === made) bridge.passwordDummyHash = undefined;
    });
  }
  return bridge.passwordDummyHash;
}

export async function burnPasswordCheck(password: string): Promise<boolean> {
  await verifyPassword(password, await dummyHash());
  return false;
}

/** Makes the dummy hash ahead of the first sign-in (on the server's start), so that the first unknown email costs no more than a known one. */
export async function preparePasswordChecks(): Promise<void> {
  await dummyHash();
}

/**
 * Password comparisons at once per server instance (each on a thread of libuv's pool, or a worker
 * thread for a bcrypt hash), and how many more may wait. Each takes a core for tens of ms and its
 * memory cost (19 MiB by default): a flood of sign-ins must not start hundreds of them. Past the
 * queue, the sign-in is answered "busy" (429) at once.
 */
export const PASSWORD_CHECKS_AT_ONCE = 2;
export const PASSWORD_CHECKS_WAITING = 6;
/** What a "busy" answer tells the client to wait: a queue of comparisons drains in about a second. */
export const PASSWORD_CHECKS_BUSY_RETRY_SECONDS = 1;

/** The instance's one gate (in the process bridge: every bundle of the app that signs in shares it, and so does npm start). */
export function passwordCheckGate(): ConcurrencyGate {
  return (processBridge().passwordCheckGate ??= new ConcurrencyGate(PASSWORD_CHECKS_AT_ONCE, PASSWORD_CHECKS_WAITING));
}

const ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789";

/** 20 characters from a 57-letter alphabet without look-alikes (~116 bits). */
export function generatePassword(length = 20): string {
  const bytes = randomBytes(length * 2);
  let out = "";
  for (let i = 0; out.length < length && i < bytes.length; i += 2) {
    const value = bytes.readUInt16BE(i);
    // Rejection sampling keeps every letter equally likely.
    if (value < Math.floor(65536 / ALPHABET.length) * ALPHABET.length) out += ALPHABET[value % ALPHABET.length];
  }
  return out.length === length ? out : generatePassword(length);
}
