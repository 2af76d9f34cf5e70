import fs from "node:fs";
import path from "node:path";
import { describe, expect, test } from "vitest";
import { messages } from "@/lib/i18n/messages";
import { translator } from "@/lib/i18n/translate";
import { describeCode } from "./outcome-codes";

/**
 * Every code the ledger can record or show, read from the code that produces it
 * (so a new code without a text fails here): the platform's coded refusals and
 * gateway codes, the client's codes (by status, transport, connection), and the
 * ledger's own refusals, failures and unknown-outcome reasons.
 */
const root = path.resolve(import.meta.dirname, "../../..");
const sourceFiles = (dir: string): string[] =>
  fs.readdirSync(path.join(root, dir), { withFileTypes: true }).flatMap((entry) => {
    const relative = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(relative);
    return entry.name.endsWith(".ts") && !entry.name.endsWith(".test.ts") ? [relative] : [];
  });
const read = (file: string) => fs.readFileSync(path.join(root, file), "utf8");
const matches = (text: string, pattern: RegExp) => [...text.matchAll(pattern)].flatMap((match) => match.slice(1).filter(Boolean));

function producedCodes(): string[] {
  const codes = new Set<string>();
  for (const file of sourceFiles("lib/platform")) {
    const text = read(file);
    for (const code of matches(text, /codedValidationError\(\s*"[^"]+",\s*"([a-z_]+)"/g)) codes.add(code);
    for (const code of matches(text, /jsonResponse\(\d+, \{[^}]*code: "([a-z_]+)"/g)) codes.add(code);
  }
  // The client: every code it names (by status, the connection's problems) and those its transport gives.
  for (const code of matches(read("lib/api/errors.ts"), /"([a-z]+(?:_[a-z]+)*)"/g)) codes.add(code);
  for (const line of read("lib/api/transport.ts")
    .split("\n")
    .filter((text) => /\bcode(: | = )/.test(text))) {
    for (const code of matches(line, /"([a-z]+(?:_[a-z]+)*)"/g)) codes.add(code);
  }
  for (const file of sourceFiles("lib/features/ledger")) {
    for (const code of matches(read(file), /(?:refusal\(|code: |reason: )"([a-z]+_[a-z_]+)"/g)) codes.add(code);
  }
  return [...codes].sort();
}

describe("outcome codes in words", () => {
  const codes = producedCodes();

  test("the scan finds the codes the ledger is known to record", () => {
    expect(codes).toEqual(expect.arrayContaining(["insufficient_funds", "account_blocked", "currency_exists", "account_not_empty", "account_not_found"]));
    expect(codes).toEqual(
      expect.arrayContaining(["not_found", "forbidden", "rate_limited", "network_error", "timeout", "platform_unavailable", "server_error", "internal_error"]),
    );
  });

  test.each(codes)("%s has a text in English and Russian", (code) => {
    const key = `ledger.code.${code}` as keyof typeof messages.en;
    expect(messages.en[key], code).toBeTruthy();
    expect(messages.ru[key], code).toBeTruthy();
    expect(describeCode(code, translator("en"))).toBe(messages.en[key]);
  });

  test("known codes read as words; an unknown code falls back to a generic text with the code", () => {
    expect(describeCode("account_blocked", translator("en"))).toBe("Account is blocked");
    expect(describeCode("account_blocked", translator("ru"))).toBe("Счёт заблокирован");
    expect(describeCode("quota_exceeded", translator("en"))).toBe("Other error (quota_exceeded)");
    expect(describeCode("quota_exceeded", translator("ru"))).toBe("Другая ошибка (quota_exceeded)");
  });
});
