import type { Metadata } from "next";
import { loadWelcome } from "@/lib/features/sign-in/load-welcome";
import { getTheme, getTranslator } from "@/lib/i18n/server";
import { WelcomeRefused } from "@/components/sign-in/welcome-form";
import { WelcomeLink } from "@/components/sign-in/welcome-link";
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
  const [link, t, theme] = await Promise.all([loadWelcome(token), getTranslator(), getTheme()]);
  return (
    <StandalonePage
      appName={t("app.name")}
      title={link.ok ? t(`welcome.title.${link.purpose}`) : t("welcome.refused_title")}
      width="md"
      below={<PreferenceBar theme={theme} />}
    >
      {link.ok ? (
        <WelcomeLink token={token} link={link} t={t} />
      ) : (
        <div className="mt-4">
          <WelcomeRefused reason={link.reason} />
        </div>
      )}
    </StandalonePage>
  );
}
