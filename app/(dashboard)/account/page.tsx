import type { Metadata } from "next";
import { requireUser } from "@/lib/auth/session";
import { can } from "@/lib/auth/permissions";
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from "@/lib/auth/password-strength";
import { loadAccount } from "@/lib/features/account/load-account";
import { getLocale, getTimeZone, getTranslator } from "@/lib/i18n/server";
import { Card, PageHeader } from "@/components/ui/card";
import { SessionList } from "@/components/account/session-list";
import { LazyPasswordForm, LazyTwoFactorSection } from "@/components/account/lazy-sections";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslator())("account.title") };
}

/** The signed-in user's own account: where they are signed in, with a way to end each session; owners also see the team's. */
export default async function AccountPage() {
  const [user, t, locale, timeZone] = await Promise.all([requireUser(), getTranslator(), getLocale(), getTimeZone()]);
  const owner = can(user.role, "team.manage");
  const { own, team, twoFactor } = await loadAccount(user, owner, t, locale, timeZone);
  return (
    <>
      <PageHeader title={t("account.title")}>{user.email}</PageHeader>
      <div className="space-y-6">
        <Card title={t("password.title")} description={t("password.description")} titleId="password-title">
          <LazyPasswordForm minLength={PASSWORD_MIN_LENGTH} maxLength={PASSWORD_MAX_LENGTH} />
        </Card>
        <Card title={t("two_factor.title")} description={t("two_factor.description")} titleId="two-factor-title">
          <LazyTwoFactorSection status={twoFactor} />
        </Card>
        <Card title={t("sessions.title")} description={t("sessions.description")} titleId="sessions-title">
          <SessionList sessions={own} />
        </Card>
        {owner ? (
          <Card title={t("sessions.team_title")} description={t("sessions.team_description")} titleId="team-sessions-title">
            <SessionList sessions={team.rows} team />
            {team.total > team.rows.length ? (
              <p className="mt-3 text-sm text-muted" data-testid="team-sessions-more">
                {t("sessions.team_more", { shown: team.rows.length, total: team.total })}
              </p>
            ) : null}
          </Card>
        ) : null}
      </div>
    </>
  );
}
