import { randomBytes } from "node:crypto";
import bcrypt from "bcryptjs";
import { ConcurrencyGate } from "./concurrency-gate";
import { comparisonPool } from "./password-worker";
import { processBridge } from "@/lib/process-bridge.mjs";

/** bcrypt work factor: ~100 ms per hash on one core of a small server. */
const COST = 11;

export function hashPassword(password: string): Promise<string> {
  return bcrypt.hash(password, COST);
}

let comparisons = 0;
/** How many password comparisons (real or against the dummy hash) this process has made: for tests and benchmarks. */
export const passwordComparisonCount = (): number => comparisons;

/** Compares in a worker thread when one can be started (lib/auth/password-worker.ts), else on the event loop. */
export async function verifyPassword(password: string, hash: string): Promise<boolean> {
  comparisons++;
  const pool = comparisonPool(PASSWORD_CHECKS_AT_ONCE);
  if (!pool) return bcrypt.compare(password, hash);
  try {
    return await pool.compare(password, hash);
  } catch {
    // A worker that died: this comparison runs here instead.
    return bcrypt.compare(password, hash);
  }
}

/** A hash of nothing anyone knows, at the same cost: compared against when the email is unknown, so timing does not tell which emails exist. */
const DUMMY_HASH = bcrypt.hashSync(randomBytes(16).toString("hex"), COST);
export async function burnPasswordCheck(password: string): Promise<boolean> {
  await verifyPassword(password, DUMMY_HASH);
  return false;
}

/**
 * Password comparisons at once per server instance (one worker thread each), and how many more
 * may wait. Each takes a core for ~100 ms or more: a flood of sign-ins must not start hundreds
 * of them. Past the queue, the sign-in is answered "busy" (429) at once.
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
