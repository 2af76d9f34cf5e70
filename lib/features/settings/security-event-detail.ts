import { isRole } from "@/lib/auth/permissions";
import type { SecurityEventView } from "@/lib/auth/security-events";
import type { Translate } from "@/lib/i18n/translate";

/** What an event's detail says, in words: the roles of a change, how many sessions ended, a link's purpose or refusal. */
export function securityEventDetail(event: Pick<SecurityEventView, "kind" | "detail">, t: Translate): string {
  const detail = event.detail ?? {};
  const role = (value: unknown) => (isRole(value) ? t(`role.${value}`) : String(value ?? ""));
  switch (event.kind) {
    case "role_changed":
      return `${role(detail.from)} → ${role(detail.to)}`;
    case "member_invited":
    case "member_removed":
      return role(detail.role);
    case "sessions_ended_others":
      return t("security.sessions_count", { count: Number(detail.ended ?? 0) });
    case "link_created":
    case "link_used": {
      const purpose = detail.purpose === "reset" ? t("security.link.reset") : t("security.link.invite");
      if (detail.mailed === true || detail.mailed === false) return `${purpose}, ${t(detail.mailed ? "security.link.mailed" : "security.link.mail_failed")}`;
      return purpose;
    }
    case "link_refused":
      return detail.reason === "used" || detail.reason === "expired" || detail.reason === "unknown" ? t(`welcome.refused.${detail.reason}`) : "";
    default:
      return "";
  }
}
