import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { getCurrentUser } from "@/lib/auth/session";
import { HOME_PATH } from "@/lib/auth/redirect";
import { twoFactorState } from "@/lib/auth/totp";
import { getDb } from "@/lib/db/client";
import { getTranslator } from "@/lib/i18n/server";
import { LazyTwoFactorSection } from "@/components/account/lazy-sections";
import { SignOutButton } from "@/components/account/sign-out-button";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslator())("two_factor.setup_title") };
}

/** Where the team's "two-factor for everyone" sends a member who has none yet: set it up (or sign out), nothing else. */
export default async function TwoFactorSetupPage() {
  const [user, t] = await Promise.all([getCurrentUser(), getTranslator()]);
  if (!user) redirect("/login");
  if (!user.twoFactorPending) redirect(HOME_PATH);
  const state = await twoFactorState(await getDb(), user.id);
  return (
    <main id="main" className="flex min-h-screen flex-col items-center justify-center gap-6 p-4">
      <div className="w-full max-w-lg rounded-lg border border-border bg-surface p-6 shadow-sm">
        <p className="text-sm text-muted">{t("app.name")}</p>
        <h1 className="mt-1 text-2xl font-semibold">{t("two_factor.setup_title")}</h1>
        <p className="mt-2 text-sm text-muted">{user.email}</p>
        <div className="mt-6">
          <LazyTwoFactorSection
            status={{ enrolled: state.enrolled, enrolledAt: null, recoveryCodesLeft: state.recoveryCodesLeft, requiredByTeam: true }}
            afterEnrolPath={HOME_PATH}
          />
        </div>
      </div>
      <SignOutButton />
    </main>
  );
}
