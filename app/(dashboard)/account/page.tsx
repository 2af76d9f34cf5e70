import type { Metadata } from "next";
import { requireUser } from "@/lib/auth/session";
import { can } from "@/lib/auth/permissions";
import { listSessions, listTeamSessions, type SessionInfo } from "@/lib/auth/sessions";
import { getDb } from "@/lib/db/client";
import { memberLabel } from "@/lib/auth/member-label";
import { deviceLabel } from "@/lib/auth/device-label";
import { formatTimestamp } from "@/lib/dashboard/format";
import { getLocale, getTimeZone, getTranslator } from "@/lib/i18n/server";
import type { Translate } from "@/lib/i18n/translate";
import type { Locale } from "@/lib/i18n/config";
import { Card, PageHeader } from "@/components/ui/card";
import { SessionList, type SessionRow } from "@/components/account/session-list";
import { LazyPasswordForm, LazyTwoFactorSection } from "@/components/account/lazy-sections";
import { twoFactorState } from "@/lib/auth/totp";
import { readSecuritySettings } from "@/lib/auth/security-settings";
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from "@/lib/auth/password-strength";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslator())("account.title") };
}

/** A session as the list shows it: the device named from its user agent, times in the viewer's zone. */
function sessionRow(session: SessionInfo, currentId: string, t: Translate, locale: Locale, timeZone: string): SessionRow {
  return {
    id: session.id,
    device: deviceLabel(session.userAgent, t),
    address: session.address,
    signedIn: formatTimestamp(session.createdAt.toISOString(), locale, timeZone),
    lastSeen: formatTimestamp(session.lastSeenAt.toISOString(), locale, timeZone),
    current: session.id === currentId,
  };
}

/** The signed-in user's own account: where they are signed in, with a way to end each session; owners also see the team's. */
export default async function AccountPage() {
  const [user, t, locale, timeZone] = await Promise.all([requireUser(), getTranslator(), getLocale(), getTimeZone()]);
  const db = await getDb();
  const owner = can(user.role, "team.manage");
  const [own, team, twoFactor, rules] = await Promise.all([
    listSessions(db, user.id),
    owner ? listTeamSessions(db, user.id) : Promise.resolve({ sessions: [], total: 0 }),
    twoFactorState(db, user.id),
    readSecuritySettings(db),
  ]);
  const teamRows = team.sessions.map((session) => ({
    ...sessionRow(session, user.sessionId, t, locale, timeZone),
    member: { id: session.userId, label: memberLabel(session) },
  }));
  return (
    <>
      <PageHeader title={t("account.title")}>{user.email}</PageHeader>
      <div className="space-y-6">
        <Card title={t("password.title")} description={t("password.description")} titleId="password-title">
          <LazyPasswordForm minLength={PASSWORD_MIN_LENGTH} maxLength={PASSWORD_MAX_LENGTH} />
        </Card>
        <Card title={t("two_factor.title")} description={t("two_factor.description")} titleId="two-factor-title">
          <LazyTwoFactorSection
            status={{
              enrolled: twoFactor.enrolled,
              enrolledAt: twoFactor.enrolledAt ? formatTimestamp(twoFactor.enrolledAt.toISOString(), locale, timeZone) : null,
              recoveryCodesLeft: twoFactor.recoveryCodesLeft,
              requiredByTeam: rules.requireTwoFactor,
            }}
          />
        </Card>
        <Card title={t("sessions.title")} description={t("sessions.description")} titleId="sessions-title">
          <SessionList sessions={own.map((session) => sessionRow(session, user.sessionId, t, locale, timeZone))} />
        </Card>
        {owner ? (
          <Card title={t("sessions.team_title")} description={t("sessions.team_description")} titleId="team-sessions-title">
            <SessionList sessions={teamRows} team />
            {team.total > teamRows.length ? (
              <p className="mt-3 text-sm text-muted" data-testid="team-sessions-more">
                {t("sessions.team_more", { shown: teamRows.length, total: team.total })}
              </p>
            ) : null}
          </Card>
        ) : null}
      </div>
    </>
  );
}
