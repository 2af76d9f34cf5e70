import { describe, expect, test } from "vitest";
import { checkPasswordStrength, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from "./password-strength";

describe("the password rule", () => {
  test.each([
    ["short", "Tr0ub4dor&3", "too_short"],
    ["one of the most common passwords, long enough", "password1234", "common"],
    ["a keyboard walk", "qwertyuiop12", "common"],
    ["the member's own name and email", "anna.owner@example.com", "personal"],
    ["too long", "x".repeat(PASSWORD_MAX_LENGTH + 1), "too_long"],
  ])("%s is refused (%s)", (_name, password, problem) => {
    const strength = checkPasswordStrength(password, ["anna.owner@example.com", "Anna Owner"]);
    expect(strength).toMatchObject({ acceptable: false, problem });
  });

  test.each([
    ["four random words", "correct horse battery staple"],
    ["random characters", "xK9#mQ2$vL8!pR"],
    ["Cyrillic words", "синий трамвай идёт по кругу"],
  ])("%s is accepted", (_name, password) => {
    const strength = checkPasswordStrength(password, ["anna.owner@example.com"]);
    expect(strength).toMatchObject({ acceptable: true, problem: null });
    expect(strength.score).toBeGreaterThanOrEqual(3);
  });

  test("length counts characters, not UTF-16 units: 12 emoji are long enough", () => {
    expect([..."🔒".repeat(PASSWORD_MIN_LENGTH)].length).toBe(PASSWORD_MIN_LENGTH);
    expect(checkPasswordStrength("🔒".repeat(PASSWORD_MIN_LENGTH - 1)).problem).toBe("too_short");
    expect(checkPasswordStrength("🔒".repeat(PASSWORD_MIN_LENGTH)).problem).not.toBe("too_short");
  });
});
