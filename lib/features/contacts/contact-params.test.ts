import { describe, expect, test } from "vitest";
import { isContactId } from "./contact-params";

describe("isContactId", () => {
  test("digits naming a contact from 1 up, at most 15 of them", () => {
    for (const segment of ["1", "42", "007", "999999999999999"]) expect(isContactId(segment), segment).toBe(true);
  });

  test("zero, signs, other characters and 16 digits are not a contact", () => {
    for (const segment of ["0", "000", "-1", "+1", "1.5", "1e3", " 1", "abc", "", "1234567890123456"]) expect(isContactId(segment), segment).toBe(false);
  });
});
