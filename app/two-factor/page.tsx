import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { getCurrentUser } from "@/lib/auth/session";
import { HOME_PATH } from "@/lib/auth/redirect";
import { loadTwoFactorSetup } from "@/lib/features/sign-in/load-two-factor-setup";
import { getTranslator } from "@/lib/i18n/server";
import { LazyTwoFactorSection } from "@/components/account/lazy-sections";
import { SignOutButton } from "@/components/account/sign-out-button";
import { StandalonePage } from "@/components/sign-in/standalone-page";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslator())("two_factor.setup_title") };
}

/** Where the team's "two-factor for everyone" sends a member who has none yet: set it up (or sign out), nothing else. */
export default async function TwoFactorSetupPage() {
  const [user, t] = await Promise.all([getCurrentUser(), getTranslator()]);
  if (!user) redirect("/login");
  if (!user.twoFactorPending) redirect(HOME_PATH);
  const status = await loadTwoFactorSetup(user.id);
  return (
    <StandalonePage appName={t("app.name")} title={t("two_factor.setup_title")} width="lg" below={<SignOutButton />}>
      <p className="mt-2 text-sm text-muted">{user.email}</p>
      <div className="mt-6">
        <LazyTwoFactorSection status={status} afterEnrolPath={HOME_PATH} />
      </div>
    </StandalonePage>
  );
}
