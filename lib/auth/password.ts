import { randomBytes } from "node:crypto";
import bcrypt from "bcryptjs";

/** bcrypt work factor: ~100 ms per hash on one core of a small server. */
const COST = 11;

export function hashPassword(password: string): Promise<string> {
  return bcrypt.hash(password, COST);
}

export function verifyPassword(password: string, hash: string): Promise<boolean> {
  return bcrypt.compare(password, hash);
}

/** A hash of nothing anyone knows: compared against when the email is unknown, so timing does not tell which emails exist. */
const DUMMY_HASH = bcrypt.hashSync(randomBytes(16).toString("hex"), COST);
export function burnPasswordCheck(password: string): Promise<boolean> {
  return bcrypt.compare(password, DUMMY_HASH);
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
