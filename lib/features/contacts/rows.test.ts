import { describe, expect, test } from "vitest";
import { contactHref } from "./rows";

describe("contactHref", () => {
  test("a contact known by its id alone: its page", () => {
    expect(contactHref({ id: 5 })).toBe("/contacts/5");
  });

  test("with its bot and creation time, the page can find it without getContact", () => {
    expect(contactHref({ id: 5, botId: 101, createdAt: "2025-01-01T00:00:00Z" })).toBe("/contacts/5?bot=101&created=1735689600");
  });

  test("a creation time that does not parse, or none, is left out", () => {
    expect(contactHref({ id: 7, botId: 101, createdAt: "not a time" })).toBe("/contacts/7?bot=101");
    expect(contactHref({ id: 7, botId: null, createdAt: null })).toBe("/contacts/7");
  });
});
