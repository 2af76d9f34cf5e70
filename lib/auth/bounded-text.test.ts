import { expect, test } from "vitest";
import { eq } from "drizzle-orm";
import { uniqueId } from "@/lib/platform/testing/tenants";
import { useTestDatabase } from "@/lib/db/testing/use-test-database";
import { securityEvents } from "@/lib/db/schema";
import { boundedText } from "./bounded-text";
import { recordSecurityEvent } from "./security-events";
import { originOf } from "./request-origin";

const database = useTestDatabase();

test.each([
  ["short", 10, "short"],
  ["a".repeat(300), 255, "a".repeat(255)],
  // Cut by characters as PostgreSQL counts them: the emoji at the edge is kept whole or not at all.
  [`${"a".repeat(254)}😀😀`, 255, `${"a".repeat(254)}😀`],
  [`${"a".repeat(255)}😀`, 255, "a".repeat(255)],
  ["a\u0000b", 10, "ab"],
])("boundedText(%j, %i)", (text, max, expected) => {
  expect(boundedText(text, max)).toBe(expected);
});

test("a sign-in event keeps a typed email of 255 characters and a user agent of 512, whatever was sent (NUL, emoji, length)", async () => {
  const marker = `cut${uniqueId()}`;
  const typed = `${marker}\u0000${"x".repeat(240 - marker.length)}😀${"y".repeat(600)}@example.com`;
  const agent = `${"Mozilla/5.0 ".repeat(42)}\u0000😀${"z".repeat(600)}`;
  const origin = originOf({ "x-forwarded-for": "203.0.113.77", "user-agent": agent });
  await recordSecurityEvent(database.db, { kind: "sign_in_failed", subject: { id: null, email: typed }, origin });
  const rows = await database.db
    .select({ email: securityEvents.subjectEmail, agent: securityEvents.userAgent })
    .from(securityEvents)
    .where(eq(securityEvents.address, "203.0.113.77"));
  const row = rows.find((entry) => entry.email?.startsWith(marker));
  expect(row).toBeDefined();
  expect(Array.from(row!.email!)).toHaveLength(255);
  expect(row!.email).toBe(Array.from(typed.replace("\u0000", "")).slice(0, 255).join(""));
  expect(row!.email).toContain("😀");
  expect(Array.from(row!.agent)).toHaveLength(512);
  expect(row!.agent).not.toContain("\uFFFD");
});
