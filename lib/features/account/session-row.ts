import { deviceLabel } from "@/lib/auth/device-label";
import type { SessionInfo } from "@/lib/auth/sessions";
import { formatTimestamp } from "@/lib/dashboard/format";
import type { Locale } from "@/lib/i18n/config";
import type { Translate } from "@/lib/i18n/translate";

/** A live session as the account page lists it. */
export interface SessionRowView {
  id: string;
  /** "Chrome on Linux", from the user agent at sign-in. */
  device: string;
  address: string;
  signedIn: string;
  lastSeen: string;
  /** The session of this browser. */
  current: boolean;
}

/** A session as the list shows it: the device named from its user agent, times in the viewer's zone. */
export function sessionRow(session: SessionInfo, currentId: string, t: Translate, locale: Locale, timeZone: string): SessionRowView {
  return {
    id: session.id,
    device: deviceLabel(session.userAgent, t),
    address: session.address,
    signedIn: formatTimestamp(session.createdAt.toISOString(), locale, timeZone),
    lastSeen: formatTimestamp(session.lastSeenAt.toISOString(), locale, timeZone),
    current: session.id === currentId,
  };
}
