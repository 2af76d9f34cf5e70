import type { Metadata } from "next";
import { getDb } from "@/lib/db/client";
import { inspectOneTimeLink } from "@/lib/auth/one-time-links";
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from "@/lib/auth/password-strength";
import { getTheme, getTranslator } from "@/lib/i18n/server";
import { WelcomeForm, WelcomeRefused } from "@/components/sign-in/welcome-form";
import { StandalonePage } from "@/components/sign-in/standalone-page";
import { PreferenceBar } from "@/components/shell/preference-switches";

/** The link is a secret: the page is never cached, never indexed (Referrer-Policy: no-referrer comes from next.config.ts). */
export const dynamic = "force-dynamic";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslator())("welcome.title.invite"), robots: { index: false, follow: false } };
}

/** Where a one-time invite or reset link leads: no session needed; opening it changes nothing. */
export default async function WelcomePage({ params }: { params: Promise<{ token: string }> }) {
  const { token } = await params;
  const [inspected, t, theme] = await Promise.all([inspectOneTimeLink(await getDb(), token), getTranslator(), getTheme()]);
  return (
    <StandalonePage
      appName={t("app.name")}
      title={inspected.ok ? t(`welcome.title.${inspected.link.purpose}`) : t("welcome.refused_title")}
      width="md"
      below={<PreferenceBar theme={theme} />}
    >
      {inspected.ok ? (
        <>
          <p className="mt-2 text-sm" data-testid="welcome-account">
            {inspected.link.name
              ? t("welcome.account", { name: inspected.link.name, email: inspected.link.email })
              : t("welcome.account_email", { email: inspected.link.email })}
          </p>
          <p className="mt-1 text-sm text-muted">{t(`welcome.description.${inspected.link.purpose}`)}</p>
          <div className="mt-6">
            <WelcomeForm token={token} email={inspected.link.email} minLength={PASSWORD_MIN_LENGTH} maxLength={PASSWORD_MAX_LENGTH} />
          </div>
        </>
      ) : (
        <div className="mt-4">
          <WelcomeRefused reason={inspected.reason} />
        </div>
      )}
    </StandalonePage>
  );
}
