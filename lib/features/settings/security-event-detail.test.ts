import { describe, expect, test } from "vitest";
import { translator } from "@/lib/i18n/translate";
import { securityEventDetail } from "./security-event-detail";

const en = translator("en");
const ru = translator("ru");

describe("securityEventDetail", () => {
  test("a role change names both roles in the viewer's language, and shows an unknown role as stored", () => {
    expect(securityEventDetail({ kind: "role_changed", detail: { from: "support", to: "owner" } }, en)).toBe("support → owner");
    expect(securityEventDetail({ kind: "role_changed", detail: { from: "support", to: "owner" } }, ru)).toBe("поддержка → владелец");
    expect(securityEventDetail({ kind: "role_changed", detail: { from: "admin", to: null } }, en)).toBe("admin → ");
  });

  test("an invited or removed member: their role", () => {
    expect(securityEventDetail({ kind: "member_invited", detail: { role: "lead" } }, en)).toBe("lead");
    expect(securityEventDetail({ kind: "member_removed", detail: { role: "support" } }, en)).toBe("support");
  });

  test("other sessions ended: how many, counted in the language's plural", () => {
    expect(securityEventDetail({ kind: "sessions_ended_others", detail: { ended: 1 } }, en)).toBe("1 session");
    expect(securityEventDetail({ kind: "sessions_ended_others", detail: { ended: 3 } }, en)).toBe("3 sessions");
    expect(securityEventDetail({ kind: "sessions_ended_others", detail: { ended: 3 } }, ru)).toBe("3 сеанса");
    expect(securityEventDetail({ kind: "sessions_ended_others", detail: null }, en)).toBe("0 sessions");
  });

  test("a link: its purpose, and whether it was mailed when that was tried", () => {
    expect(securityEventDetail({ kind: "link_created", detail: { purpose: "invite" } }, en)).toBe("Invite");
    expect(securityEventDetail({ kind: "link_created", detail: { purpose: "reset", mailed: true } }, en)).toBe("Password reset, mailed");
    expect(securityEventDetail({ kind: "link_used", detail: { purpose: "invite", mailed: false } }, en)).toBe("Invite, mail not sent");
    expect(securityEventDetail({ kind: "link_created", detail: { purpose: "reset", mailed: false } }, ru)).toBe("Сброс пароля, письмо не отправлено");
  });

  test("a refused link: why, and nothing for a reason it does not know", () => {
    expect(securityEventDetail({ kind: "link_refused", detail: { reason: "expired" } }, en)).toBe("This link has expired.");
    expect(securityEventDetail({ kind: "link_refused", detail: { reason: "used" } }, en)).toBe("This link has already been used.");
    expect(securityEventDetail({ kind: "link_refused", detail: { reason: "forged" } }, en)).toBe("");
  });

  test("any other kind says nothing more", () => {
    expect(securityEventDetail({ kind: "sign_in", detail: { role: "owner" } }, en)).toBe("");
    expect(securityEventDetail({ kind: "password_changed", detail: null }, en)).toBe("");
  });
});
