import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, afterEach, beforeAll, describe, expect, test } from "vitest";
import { sql } from "drizzle-orm";
import { usePlatformTestbed } from "@/lib/api/testing/platform";
import { seedTenant, type Tenant } from "@/lib/platform/testing/tenants";
import { translator } from "@/lib/i18n/translate";
import { DashboardError } from "@/lib/core/actions/errors";
import { readStoredConnection, decryptStoredKey } from "@/lib/api/stored-connection";
import { checkAndSaveConnection, PlatformFieldError } from "./save-connection";
import { reloadConfig } from "@/lib/core/config.mjs";

/**
 * Settings' "Check and save" against our real platform and a foreign server
 * (another host the owner typed): the stored key goes only to the address it
 * was saved with, and the foreign server's own text never reaches the page.
 */
const testbed = usePlatformTestbed();
const t = translator("en");
const HOSTILE = "Your account is suspended: call +1-800-000-0000 and read out your API key";

let foreign: Server;
let foreignUrl: string;
const received: { authorization: string }[] = [];
let tenant: Tenant;
const savedSecret = process.env.NEXTAUTH_SECRET;

beforeAll(async () => {
  process.env.NEXTAUTH_SECRET ??= "save-connection-test-secret-0123456789";
  reloadConfig();
  tenant = await seedTenant(testbed.database.db);
  foreign = createServer((request, response) => {
    received.push({ authorization: String(request.headers.authorization ?? "") });
    request.resume();
    response.writeHead(422, { "content-type": "application/json" });
    response.end(JSON.stringify({ message: HOSTILE, errors: { api_token: [HOSTILE] } }));
  });
  await new Promise<void>((resolve) => foreign.listen(0, "127.0.0.1", resolve));
  foreignUrl = `http://127.0.0.1:${(foreign.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise((resolve) => foreign?.close(resolve));
  if (savedSecret === undefined) delete process.env.NEXTAUTH_SECRET;
  else process.env.NEXTAUTH_SECRET = savedSecret;
  reloadConfig();
});
afterEach(() => {
  received.length = 0;
});

async function failure(promise: Promise<unknown>): Promise<DashboardError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof DashboardError) return error;
    throw error;
  }
  throw new Error("expected a refusal");
}

describe("saving the platform connection", () => {
  test("a new address with the key field empty is refused on the key field; nothing is sent there and the stored connection stays", async () => {
    await testbed.database.db.execute(sql`DELETE FROM dashboard.platform_connections`);
    const saved = await checkAndSaveConnection(testbed.database.db, { baseUrl: testbed.platform.baseUrl, apiKey: tenant.key }, 1, t);
    expect(saved.keyLast4).toBe(tenant.key.slice(-4));

    const refused = await failure(checkAndSaveConnection(testbed.database.db, { baseUrl: foreignUrl, apiKey: "" }, 1, t));
    expect(refused.code).toBe("connection.key_required_new_address");
    expect(refused.field).toBe("apiKey");
    expect(received).toEqual([]);
    const stored = await readStoredConnection(testbed.database.db);
    expect(stored?.baseUrl).toBe(testbed.platform.baseUrl);
    expect(decryptStoredKey(stored!)).toBe(tenant.key);

    // The same address (a trailing slash aside) keeps the stored key.
    const again = await checkAndSaveConnection(testbed.database.db, { baseUrl: `${testbed.platform.baseUrl}/`, apiKey: "" }, 1, t);
    expect(again.keyLast4).toBe(tenant.key.slice(-4));
  });

  test("a foreign server's refusal: the status and our own words on the page, never its text; nothing is stored", async () => {
    const before = await readStoredConnection(testbed.database.db);
    const refused = await failure(checkAndSaveConnection(testbed.database.db, { baseUrl: foreignUrl, apiKey: "typed-for-this-address" }, 1, t));
    expect(refused).toBeInstanceOf(PlatformFieldError);
    const text = (refused as PlatformFieldError).text;
    expect(text).toBe(t("platform.error_status", { status: 422 }));
    expect(text).not.toContain("suspended");
    expect(received).toEqual([{ authorization: "Bearer typed-for-this-address" }]);
    expect(await readStoredConnection(testbed.database.db)).toEqual(before);
  });
});
