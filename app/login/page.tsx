import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { getCurrentUser } from "@/lib/auth/session";
import { loadLoginPageParams } from "@/lib/auth/login-params";
import { HOME_PATH } from "@/lib/auth/redirect";
import { getTheme, getTranslator } from "@/lib/i18n/server";
import { LoginForm } from "@/components/sign-in/login-form";
import { StandalonePage } from "@/components/sign-in/standalone-page";
import { PreferenceBar } from "@/components/shell/preference-switches";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslator())("login.title") };
}

export default async function LoginPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  if (await getCurrentUser()) redirect(HOME_PATH);
  const [{ callbackUrl, error, email, notice }, t, theme] = await Promise.all([loadLoginPageParams(searchParams), getTranslator(), getTheme()]);
  return (
    <StandalonePage appName={t("app.name")} title={t("login.title")} below={<PreferenceBar theme={theme} />}>
      <p className="mt-2 text-sm text-muted">{t("login.subtitle")}</p>
      <div className="mt-6">
        <LoginForm
          callbackUrl={callbackUrl ?? undefined}
          initialError={error ?? undefined}
          initialEmail={email ?? undefined}
          notice={notice === "password_set" ? t("login.password_set") : undefined}
        />
      </div>
    </StandalonePage>
  );
}
