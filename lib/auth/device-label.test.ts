import { describe, expect, it } from "vitest";
import { translator } from "@/lib/i18n/translate";
import { deviceLabel } from "./device-label";
import { memberLabel } from "./member-label";

describe("deviceLabel", () => {
  const en = translator("en");
  it("names the browser and the system", () => {
    expect(deviceLabel("Mozilla/5.0 (X11; Linux x86_64) Chrome/130.0.0.0 Safari/537.36", en)).toBe("Chrome on Linux x86_64");
  });
  it("shows the start of a user agent it does not know, and says so when there is none", () => {
    expect(deviceLabel(`curl/8.5.0 ${"x".repeat(100)}`, en)).toBe(`curl/8.5.0 ${"x".repeat(49)}`);
    expect(deviceLabel("", en)).toBe(en("sessions.unknown_device"));
    expect(deviceLabel("", translator("ru"))).toBe(translator("ru")("sessions.unknown_device"));
  });
});

describe("memberLabel", () => {
  it("is the name with the email, or the email alone", () => {
    expect(memberLabel({ name: "Ann", email: "ann@example.com" })).toBe("Ann (ann@example.com)");
    expect(memberLabel({ name: "", email: "bob@example.com" })).toBe("bob@example.com");
  });
});
