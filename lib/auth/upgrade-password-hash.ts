import type { Db } from "@/lib/db/client";
import { config } from "@/lib/core/config.mjs";
import { hashPassword, passwordNeedsRehash, type PasswordHashing } from "./password";
import { replacePasswordHash } from "./users";

/** "current": nothing to do; "upgraded": a new hash is stored; "changed": the stored hash was replaced meanwhile and is kept. */
export type PasswordHashUpgrade = "current" | "upgraded" | "changed";

/**
 * After `password` matched `user.passwordHash` (and only then: the password is known): a bcrypt
 * hash, or an argon2id one made with other parameters than the configured ones, is replaced by a
 * fresh argon2id hash of the password, unless the stored hash changed since it was read.
 */
export async function upgradePasswordHash(
  db: Db,
  user: { id: number; passwordHash: string },
  password: string,
  hashing: PasswordHashing = config().dashboard.passwordHashing,
): Promise<PasswordHashUpgrade> {
  if (!passwordNeedsRehash(user.passwordHash, hashing)) return "current";
  const fresh = await hashPassword(password, hashing);
  return (await replacePasswordHash(db, user.id, user.passwordHash, fresh)) ? "upgraded" : "changed";
}
