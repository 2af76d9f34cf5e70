import { afterAll, afterEach, beforeAll, describe, expect, test } from "vitest";
import { hkdfSync } from "node:crypto";
import { sql } from "drizzle-orm";
import { createTestDatabase } from "@/lib/db/testing/database";
import { queryRows, type Database } from "@/lib/db/client";
import { connectionEncryptionKey, decryptStoredKey, readStoredConnection, storeConnection } from "./stored-connection";
import { describeConnection, resolveConnection } from "@/lib/api/connection";
import { parseConfig, reloadConfig } from "@/lib/core/config.mjs";

let database: Database;
const saved = { ...process.env };
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database?.close();
});
afterEach(() => {
  for (const name of ["NEXTAUTH_SECRET", "DASHBOARD_ENCRYPTION_KEY", "PLATFORM_BASE_URL", "PLATFORM_API_KEY", "PORT"]) {
    if (saved[name] === undefined) delete process.env[name];
    else process.env[name] = saved[name];
  }
  reloadConfig();
});

const KEY = "live_4f9c2a7be0d14c33a1b2c3d4e5f6WXYZ";

describe("stored platform connection", () => {
  test("the key is stored AES-256-GCM encrypted: the row never holds it, only its last four characters", async () => {
    process.env.NEXTAUTH_SECRET = "a-secret-for-sessions-0123456789abcdef";
    delete process.env.DASHBOARD_ENCRYPTION_KEY;
    reloadConfig();
    await storeConnection(database.db, { baseUrl: "https://platform.example.com", apiKey: KEY, userId: 7 });
    const rows = await queryRows<Record<string, unknown>>(database.db, sql`SELECT * FROM dashboard.platform_connections`);
    expect(rows).toHaveLength(1);
    const raw = JSON.stringify(rows);
    expect(raw).not.toContain(KEY);
    expect(raw).not.toContain(KEY.slice(0, -4));
    expect(rows[0].api_key_last4).toBe("WXYZ");
    expect(String(rows[0].api_key_encrypted)).toMatch(/^v1:[\w-]+:[\w-]+:[\w-]+$/);
    const stored = (await readStoredConnection(database.db))!;
    expect(decryptStoredKey(stored)).toBe(KEY);
  });

  test("each save uses a fresh IV: the same key encrypts differently", async () => {
    process.env.NEXTAUTH_SECRET = "a-secret-for-sessions-0123456789abcdef";
    reloadConfig();
    await storeConnection(database.db, { baseUrl: null, apiKey: KEY });
    const first = (await readStoredConnection(database.db))!.apiKeyEncrypted;
    await storeConnection(database.db, { baseUrl: null, apiKey: KEY });
    expect((await readStoredConnection(database.db))!.apiKeyEncrypted).not.toBe(first);
  });

  test("another secret cannot decrypt it (and says so instead of throwing)", async () => {
    process.env.NEXTAUTH_SECRET = "secret-one-0123456789abcdef0123456789";
    reloadConfig();
    await storeConnection(database.db, { baseUrl: null, apiKey: KEY });
    const stored = (await readStoredConnection(database.db))!;
    process.env.NEXTAUTH_SECRET = "secret-two-0123456789abcdef0123456789";
    reloadConfig();
    expect(decryptStoredKey(stored)).toBeNull();
    expect(await describeConnection(database.db)).toMatchObject({ keySource: "stored", keyLast4: "WXYZ", problem: "undecryptable" });
    expect(await resolveConnection(database.db)).toEqual({ problem: "undecryptable" });
  });

  test("DASHBOARD_ENCRYPTION_KEY wins over NEXTAUTH_SECRET; without either, no key can be made", () => {
    const secret = "s".repeat(32);
    const derived = connectionEncryptionKey(parseConfig({ NEXTAUTH_SECRET: secret }).dashboard);
    const explicit = connectionEncryptionKey(parseConfig({ NEXTAUTH_SECRET: secret, DASHBOARD_ENCRYPTION_KEY: "ab".repeat(32) }).dashboard);
    expect(derived).toHaveLength(32);
    expect(derived.toString("hex")).not.toBe("ab".repeat(32));
    expect(explicit.toString("hex")).toBe("ab".repeat(32));
    expect(() => connectionEncryptionKey(parseConfig({}).dashboard)).toThrow("connection.no_secret");
  });

  test("the key derived from NEXTAUTH_SECRET is HKDF of that secret, whichever secret came before; a caller cannot change it", () => {
    const hkdf = (secret: string) => Buffer.from(hkdfSync("sha256", secret, "chatbot-dashboard", "platform-connection-key", 32)).toString("hex");
    const one = "1".repeat(32);
    const two = "2".repeat(32);
    for (const secret of [one, one, two, one, two]) {
      expect(connectionEncryptionKey(parseConfig({ NEXTAUTH_SECRET: secret }).dashboard).toString("hex")).toBe(hkdf(secret));
    }
    connectionEncryptionKey(parseConfig({ NEXTAUTH_SECRET: one }).dashboard).fill(0);
    expect(connectionEncryptionKey(parseConfig({ NEXTAUTH_SECRET: one }).dashboard).toString("hex")).toBe(hkdf(one));
  });

  test("resolution: env overrides stored values one by one; nothing stored means the embedded platform without a key", async () => {
    process.env.NEXTAUTH_SECRET = "a-secret-for-sessions-0123456789abcdef";
    process.env.PORT = "4321";
    reloadConfig();
    await database.db.execute(sql`DELETE FROM dashboard.platform_connections`);
    expect(await describeConnection(database.db)).toEqual({
      baseUrl: "http://127.0.0.1:4321",
      baseUrlSource: "default",
      keySource: null,
      keyLast4: null,
      problem: "not_configured",
    });
    await storeConnection(database.db, { baseUrl: "https://stored.example.com/", apiKey: KEY });
    expect(await resolveConnection(database.db)).toEqual({ baseUrl: "https://stored.example.com", apiKey: KEY });
    // PLATFORM_BASE_URL names another address: the stored key is not sent there.
    process.env.PLATFORM_BASE_URL = "https://env.example.com";
    reloadConfig();
    expect(await resolveConnection(database.db)).toEqual({ problem: "key_for_other_address" });
    expect(await describeConnection(database.db)).toMatchObject({ baseUrl: "https://env.example.com", keySource: "stored", problem: "key_for_other_address" });
    // The same address as saved (trailing slash aside): it is.
    process.env.PLATFORM_BASE_URL = "https://stored.example.com/";
    reloadConfig();
    expect(await resolveConnection(database.db)).toEqual({ baseUrl: "https://stored.example.com", apiKey: KEY });
    process.env.PLATFORM_BASE_URL = "https://env.example.com";
    process.env.PLATFORM_API_KEY = "env-key-0000";
    reloadConfig();
    expect(await describeConnection(database.db)).toEqual({
      baseUrl: "https://env.example.com",
      baseUrlSource: "env",
      keySource: "env",
      keyLast4: "0000",
      problem: null,
    });
    expect(await resolveConnection(database.db)).toEqual({ baseUrl: "https://env.example.com", apiKey: "env-key-0000" });
  });
});
