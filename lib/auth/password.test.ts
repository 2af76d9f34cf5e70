import { describe, expect, test } from "vitest";
import bcrypt from "bcryptjs";
import { comparisonPool } from "./password-worker";
import { burnPasswordCheck, hashPassword, passwordComparisonCount, passwordNeedsRehash, preparePasswordChecks, verifyPassword } from "./password";
import { processBridge } from "@/lib/core/process-bridge.mjs";

const OWASP = { memoryKib: 19_456, timeCost: 2, parallelism: 1 };
const LIGHT = { memoryKib: 8192, timeCost: 1, parallelism: 1 };

describe("password hashing: argon2id", () => {
  test("a new hash is argon2id with the configured parameters (OWASP's by default), salted: the same password twice gives two hashes", async () => {
    const [first, second] = await Promise.all([hashPassword("correct horse"), hashPassword("correct horse")]);
    expect(first).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$[A-Za-z0-9+/]{22}\$[A-Za-z0-9+/]{43}$/);
    expect(second).not.toBe(first);
    expect(await hashPassword("x", { memoryKib: 65_536, timeCost: 3, parallelism: 4 })).toMatch(/^\$argon2id\$v=19\$m=65536,t=3,p=4\$/);
  });

  test("an argon2id hash verifies the right password only", async () => {
    const hash = await hashPassword("correct horse");
    const results = await Promise.all([
      verifyPassword("correct horse", hash),
      verifyPassword("correct horse ", hash),
      verifyPassword("Correct horse", hash),
      verifyPassword("", hash),
    ]);
    expect(results).toEqual([true, false, false, false]);
  });

  test("bcrypt hashes made before argon2id ($2a$, $2b$, $2y$) still verify, in worker threads; anything else matches nothing", async () => {
    expect(comparisonPool(2)).not.toBeNull();
    const bcryptHash = await bcrypt.hash("correct horse", 11);
    const before = passwordComparisonCount();
    const results = await Promise.all([
      verifyPassword("correct horse", bcryptHash),
      verifyPassword("wrong horse", bcryptHash),
      verifyPassword("correct horse", bcryptHash.replace(/^\$2b\$/, "$2a$")),
      verifyPassword("correct horse", bcryptHash.replace(/^\$2b\$/, "$2y$")),
      verifyPassword("correct horse", "not a hash"),
      verifyPassword("correct horse", "$argon2id$v=19$m=19456,t=2,p=1$broken"),
      // argon2d and argon2i are not what this app stores: refused, though the library would check them.
      verifyPassword("correct horse", (await hashPassword("correct horse")).replace("$argon2id$", "$argon2d$")),
      burnPasswordCheck("correct horse"),
    ]);
    expect(results).toEqual([true, false, true, true, false, false, false, false]);
    expect(passwordComparisonCount() - before).toBe(8);
  });

  test("which stored hashes are made again at sign-in: bcrypt, and argon2id with other parameters than the configured ones", async () => {
    const current = await hashPassword("pw", OWASP);
    const light = await hashPassword("pw", LIGHT);
    expect(passwordNeedsRehash(current)).toBe(false);
    expect(passwordNeedsRehash(current, OWASP)).toBe(false);
    expect(passwordNeedsRehash(light, OWASP)).toBe(true);
    expect(passwordNeedsRehash(light, LIGHT)).toBe(false);
    expect(passwordNeedsRehash(current, { ...OWASP, timeCost: 3 })).toBe(true);
    expect(passwordNeedsRehash(current, { ...OWASP, parallelism: 2 })).toBe(true);
    expect(passwordNeedsRehash(await bcrypt.hash("pw", 4))).toBe(true);
    expect(passwordNeedsRehash("$argon2id$v=19$broken")).toBe(true);
  });

  test("the dummy hash for unknown emails is argon2id with the configured parameters (a real check's cost)", async () => {
    await preparePasswordChecks();
    expect(await processBridge().passwordDummyHash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    const before = passwordComparisonCount();
    expect(await burnPasswordCheck("anything")).toBe(false);
    expect(passwordComparisonCount() - before).toBe(1);
  });

  test("hashing and checking leave the event loop free: a 1 ms timer ticks while 4 hashes, then 4 checks, are pending", async () => {
    const hash = await hashPassword("x");
    const hashes = await ticksWhilePending(Promise.all([1, 2, 3, 4].map((n) => hashPassword(`password ${n}`))));
    expect(hashes.value.every((made) => made.startsWith("$argon2id$"))).toBe(true);
    expect(hashes.ticks).toBeGreaterThan(0);
    const checks = await ticksWhilePending(Promise.all(["a", "b", "c", "d"].map((password) => verifyPassword(password, hash))));
    expect(checks.value).toEqual([false, false, false, false]);
    expect(checks.ticks).toBeGreaterThan(0);
  });
});

/**
 * How often a 1 ms interval fired while `work` was still pending (a count, not a time): work done on the
 * event loop would let none fire before it settles.
 */
async function ticksWhilePending<T>(work: Promise<T>): Promise<{ value: T; ticks: number }> {
  let pending = true;
  void work.finally(() => (pending = false)).catch(() => {});
  let ticks = 0;
  let ticksWhilePending = 0;
  const timer = setInterval(() => {
    ticks++;
    if (pending) ticksWhilePending = ticks;
  }, 1);
  try {
    return { value: await work, ticks: ticksWhilePending };
  } finally {
    clearInterval(timer);
  }
}
