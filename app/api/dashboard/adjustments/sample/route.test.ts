import { afterAll, beforeAll, describe, expect, test, vi } from "vitest";
import { createMember } from "@/lib/features/adjustments/testing/batches";
import { startSession } from "@/lib/auth/sessions";
import type { Role } from "@/lib/auth/permissions";
import { useTestDatabase } from "@/lib/db/testing/use-test-database";
import { processBridge } from "@/lib/core/process-bridge.mjs";
import { ADJUSTMENT_COLUMNS } from "@/lib/features/adjustments/types";
import { GET } from "./route";

// Outside a request there is no cookie to read: next-auth's session is the one this file signs in, and Next's
// request headers are empty (English). The members and their sessions are real, in the test database.
const signedIn = vi.hoisted(() => ({ session: null as { uid: number; sid: string } | null }));
vi.mock("next-auth", async (original) => ({ ...(await original<typeof import("next-auth")>()), getServerSession: async () => signedIn.session }));
vi.mock("next/headers", () => ({ cookies: async () => ({ get: () => undefined }), headers: async () => new Headers() }));

/** The sample download, as the bulk adjustment pages allow it: owners and support, not leads, not strangers. */
const database = useTestDatabase();

beforeAll(() => {
  processBridge().database = Promise.resolve(database);
});

afterAll(() => {
  delete processBridge().database;
});

async function download(role: Role | null): Promise<Response> {
  signedIn.session = null;
  if (role) {
    const member = await createMember(database.db, role);
    const sid = await startSession(database.db, { userId: member.id, sessionVersion: 0, address: "127.0.0.1", userAgent: "vitest" });
    signedIn.session = { uid: member.id, sid };
  }
  return GET(new Request("http://dashboard.test/api/dashboard/adjustments/sample"), { params: Promise.resolve({}) });
}

describe("GET /api/dashboard/adjustments/sample", () => {
  test("without a session: 401 and no file", async () => {
    const response = await download(null);
    expect(response.status).toBe(401);
    expect(response.headers.get("content-disposition")).toBeNull();
  });

  test("a lead (who may not adjust balances) is refused with 403 and no file", async () => {
    const response = await download("lead");
    expect(response.status).toBe(403);
    expect(((await response.json()) as { error: { kind: string } }).error.kind).toBe("forbidden");
  });

  test.each(["support", "owner"] as const)("a member with the role %s gets the sample as an attachment", async (role) => {
    const response = await download(role);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(response.headers.get("content-disposition")).toMatch(/^attachment; filename="bulk-adjustments-sample\.csv"/);
    const lines = (await response.text())
      .replace(/^\ufeff/, "")
      .trim()
      .split("\r\n");
    expect(lines[0]).toBe(ADJUSTMENT_COLUMNS.join(","));
    expect(lines).toHaveLength(5);
  });
});
