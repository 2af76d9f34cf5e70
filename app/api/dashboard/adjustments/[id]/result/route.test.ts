import { afterAll, beforeAll, describe, expect, test, vi } from "vitest";
import { createMember, validatedBatch } from "@/lib/features/adjustments/testing/batches";
import { startSession } from "@/lib/auth/sessions";
import type { Role } from "@/lib/auth/permissions";
import { useTestDatabase } from "@/lib/db/testing/use-test-database";
import { processBridge } from "@/lib/core/process-bridge.mjs";
import { GET } from "./route";

// Outside a request there is no cookie to read: next-auth's session is the one this file signs in, and Next's
// request headers are empty (English). The user, the session row and the batch are real, in the test database.
const signedIn = vi.hoisted(() => ({ session: null as { uid: number; sid: string } | null }));
vi.mock("next-auth", async (original) => ({ ...(await original<typeof import("next-auth")>()), getServerSession: async () => signedIn.session }));
vi.mock("next/headers", () => ({ cookies: async () => ({ get: () => undefined }), headers: async () => new Headers() }));

/** The result download, as the bulk adjustment pages allow it: owners and support, not leads. */
const database = useTestDatabase();
let batchId = "";

beforeAll(async () => {
  processBridge().database = Promise.resolve(database);
  const creator = await createMember(database.db, "support");
  batchId = await validatedBatch(database.db, creator.id, [{ contactId: 101, currency: "EUR", kind: "top_up", amount: 1250 }]);
});

afterAll(() => {
  delete processBridge().database;
});

async function download(role: Role): Promise<Response> {
  const member = await createMember(database.db, role);
  const sid = await startSession(database.db, { userId: member.id, sessionVersion: 0, address: "127.0.0.1", userAgent: "vitest" });
  signedIn.session = { uid: member.id, sid };
  const request = new Request(`http://dashboard.test/api/dashboard/adjustments/${batchId}/result`);
  return GET(request, { params: Promise.resolve({ id: batchId }) });
}

describe("GET /api/dashboard/adjustments/[id]/result", () => {
  test("a lead (who may read accounts but not adjust balances) is refused with 403 and no file", async () => {
    const response = await download("lead");
    expect(response.status).toBe(403);
    expect(response.headers.get("content-type")).toMatch(/^application\/json/);
    const body = (await response.json()) as { error: { kind: string; code: string; message: string } };
    expect(body.error).toMatchObject({ kind: "forbidden", code: "forbidden" });
    expect(body.error.message).not.toBe("");
  });

  test.each(["support", "owner"] as const)("a member with the role %s gets the result CSV", async (role) => {
    const response = await download(role);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    const lines = (await response.text()).trim().split(/\r?\n/);
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain("101");
  });
});
