import "server-only";
import { memberLabel } from "@/lib/auth/member-label";
import { readSecuritySettings } from "@/lib/auth/security-settings";
import { listSessions, listTeamSessions } from "@/lib/auth/sessions";
import { twoFactorState } from "@/lib/auth/totp";
import { getDb } from "@/lib/db/client";
import { formatTimestamp } from "@/lib/dashboard/format";
import type { Locale } from "@/lib/i18n/config";
import type { Translate } from "@/lib/i18n/translate";
import { sessionRow, type SessionRowView } from "./session-row";

/** What the account page shows: the viewer's sessions, the team's (for owners) and the state of their two-factor. */
export interface AccountView {
  own: SessionRowView[];
  /** The other members' live sessions, the most recently seen first, and how many are live in all; none unless asked for. */
  team: { rows: (SessionRowView & { member: { id: number; label: string } })[]; total: number };
  twoFactor: {
    enrolled: boolean;
    /** When it was turned on, in the viewer's language and zone. */
    enrolledAt: string | null;
    recoveryCodesLeft: number;
    /** The team requires two-factor: it cannot be turned off. */
    requiredByTeam: boolean;
  };
}

/**
 * The account page's data for the signed-in user (`sessionId`: this browser's session): their sessions, the team's
 * when `withTeam` (an owner's page), their two-factor and the team's rule on it, read side by side.
 */
export async function loadAccount(
  user: { id: number; sessionId: string },
  withTeam: boolean,
  t: Translate,
  locale: Locale,
  timeZone: string,
): Promise<AccountView> {
  const db = await getDb();
  const [own, team, twoFactor, rules] = await Promise.all([
    listSessions(db, user.id),
    withTeam ? listTeamSessions(db, user.id) : Promise.resolve({ sessions: [], total: 0 }),
    twoFactorState(db, user.id),
    readSecuritySettings(db),
  ]);
  return {
    own: own.map((session) => sessionRow(session, user.sessionId, t, locale, timeZone)),
    team: {
      rows: team.sessions.map((session) => ({
        ...sessionRow(session, user.sessionId, t, locale, timeZone),
        member: { id: session.userId, label: memberLabel(session) },
      })),
      total: team.total,
    },
    twoFactor: {
      enrolled: twoFactor.enrolled,
      enrolledAt: twoFactor.enrolledAt ? formatTimestamp(twoFactor.enrolledAt.toISOString(), locale, timeZone) : null,
      recoveryCodesLeft: twoFactor.recoveryCodesLeft,
      requiredByTeam: rules.requireTwoFactor,
    },
  };
}
