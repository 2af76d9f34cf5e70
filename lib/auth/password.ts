import { randomBytes } from "node:crypto";
import bcrypt from "bcryptjs";
import { ConcurrencyGate } from "./concurrency-gate";

/** bcrypt work factor: ~100 ms per hash on one core of a small server. */
const COST = 11;

export function hashPassword(password: string): Promise<string> {
  return bcrypt.hash(password, COST);
}

let comparisons = 0;
/** How many password comparisons (real or against the dummy hash) this process has made: for tests and benchmarks. */
export const passwordComparisonCount = (): number => comparisons;

export function verifyPassword(password: string, hash: string): Promise<boolean> {
  comparisons++;
  return bcrypt.compare(password, hash);
}

/** A hash of nothing anyone knows, at the same cost: compared against when the email is unknown, so timing does not tell which emails exist. */
const DUMMY_HASH = bcrypt.hashSync(randomBytes(16).toString("hex"), COST);
export function burnPasswordCheck(password: string): Promise<boolean> {
  comparisons++;
  return bcrypt.compare(password, DUMMY_HASH);
}

/**
 * Password comparisons at once per server instance, and how many more may wait. bcryptjs runs
 * on the event loop (in slices of up to 100 ms): each comparison running at once delays every
 * other request, so a flood of sign-ins must not start hundreds of them. Past the queue, the
 * sign-in is answered "busy" (429) at once.
 */
export const PASSWORD_CHECKS_AT_ONCE = 2;
export const PASSWORD_CHECKS_WAITING = 6;
/** What a "busy" answer tells the client to wait: a queue of comparisons drains in about a second. */
export const PASSWORD_CHECKS_BUSY_RETRY_SECONDS = 1;

declare global {
  var __passwordCheckGate: ConcurrencyGate | undefined;
}

/** The instance's one gate (on globalThis: every bundle of the app that signs in shares it). */
export function passwordCheckGate(): ConcurrencyGate {
  return (globalThis.__passwordCheckGate ??= new ConcurrencyGate(PASSWORD_CHECKS_AT_ONCE, PASSWORD_CHECKS_WAITING));
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
