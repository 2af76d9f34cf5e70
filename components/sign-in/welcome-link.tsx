import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from "@/lib/auth/password-strength";
import type { WelcomeView } from "@/lib/features/sign-in/load-welcome";
import type { Translate } from "@/lib/i18n/translate";
import { WelcomeForm } from "./welcome-form";

/** A link that works: whose account it opens, what it is for, and the form that sets the password. */
export function WelcomeLink({ token, link, t }: { token: string; link: Extract<WelcomeView, { ok: true }>; t: Translate }) {
  return (
    <>
      <p className="mt-2 text-sm" data-testid="welcome-account">
        {link.name ? t("welcome.account", { name: link.name, email: link.email }) : t("welcome.account_email", { email: link.email })}
      </p>
      <p className="mt-1 text-sm text-muted">{t(`welcome.description.${link.purpose}`)}</p>
      <div className="mt-6">
        <WelcomeForm token={token} email={link.email} minLength={PASSWORD_MIN_LENGTH} maxLength={PASSWORD_MAX_LENGTH} />
      </div>
    </>
  );
}
