import { describe, expect, test } from "vitest";
import { translator } from "@/lib/i18n/translate";
import { sessionRow } from "./session-row";

const session = {
  id: "7d3c5d4e-0a3b-4c0e-9a51-2f1e7b6f2a10",
  createdAt: new Date("2025-03-04T09:15:00Z"),
  lastSeenAt: new Date("2025-03-04T11:40:30Z"),
  address: "203.0.113.7",
  userAgent: "Mozilla/5.0 (X11; Linux x86_64) Chrome/130.0.0.0 Safari/537.36",
};

describe("sessionRow", () => {
  test("names the device, keeps the address and shows both times in the viewer's zone", () => {
    const row = sessionRow(session, session.id, translator("en"), "en", "UTC");
    expect(row).toMatchObject({ id: session.id, device: "Chrome on Linux x86_64", address: "203.0.113.7", current: true });
    // ICU puts a narrow no-break space before AM: \s matches it.
    expect(row.signedIn).toMatch(/^Mar 4, 2025, 9:15\sAM UTC$/);
    expect(row.lastSeen).toMatch(/^Mar 4, 2025, 11:40\sAM UTC$/);
  });

  test("is the current session only when its id is this browser's", () => {
    expect(sessionRow(session, "another-session", translator("en"), "en", "UTC").current).toBe(false);
  });

  test("a session without a user agent is an unknown device, in the viewer's language", () => {
    expect(sessionRow({ ...session, userAgent: "" }, session.id, translator("ru"), "ru", "UTC").device).toBe("Неизвестное устройство");
  });

  test("moves the times into the viewer's zone and language", () => {
    expect(sessionRow(session, session.id, translator("en"), "en", "Asia/Tokyo").signedIn).toMatch(/^Mar 4, 2025, 6:15\sPM GMT\+9$/);
    expect(sessionRow(session, session.id, translator("ru"), "ru", "Europe/Moscow").lastSeen).toMatch(/^4 мар\. 2025 г\., 14:40 GMT\+3$/);
  });
});
