import { userAgentFromString } from "next/server";
import type { Translate } from "@/lib/i18n/translate";

/**
 * A device as people name it, from the user agent a browser sent ("Chrome on Linux"): for the session list and the
 * security log. One the parser does not know is shown as its first 60 characters; none at all as "Unknown device".
 */
export function deviceLabel(userAgent: string, t: Translate): string {
  const agent = userAgentFromString(userAgent);
  if (!agent.browser.name && !agent.os.name) return userAgent ? userAgent.slice(0, 60) : t("sessions.unknown_device");
  return t("sessions.device_label", { browser: agent.browser.name ?? "?", os: [agent.os.name, agent.os.version].filter(Boolean).join(" ") || "?" });
}
