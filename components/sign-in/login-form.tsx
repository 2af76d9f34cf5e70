"use client";

import { useState, type FormEvent } from "react";
import { useRouter } from "next/navigation";
import { signIn } from "next-auth/react";
import { useT } from "@/components/shell/i18n-provider";
import { Button } from "@/components/ui/button";
import { Field, Input } from "@/components/ui/field";
import { useHydrated } from "@/components/ui/use-hydrated";
import { Alert } from "@/components/ui/alert";
import type { Translate } from "@/lib/i18n/translate";
import { sameOriginPath } from "@/lib/auth/redirect";

/**
 * next-auth hands the authorize() failure through as `error`: invalid_credentials, two_factor_required,
 * two_factor_failed, throttled:<seconds> or busy:<seconds>.
 */
function signInErrorText(error: string, t: Translate): string {
  if (error === "invalid_credentials" || error === "CredentialsSignin") return t("login.invalid_credentials");
  if (error === "two_factor_failed") return t("login.code_wrong");
  if (error === "two_factor_required") return t("login.code_required");
  const refused = /^(throttled|busy):(\d+)$/.exec(error);
  if (refused) return t(refused[1] === "busy" ? "login.busy" : "login.throttled", { seconds: refused[2] });
  return t("login.failed");
}

export function LoginForm({
  callbackUrl,
  initialError,
  initialEmail,
  notice,
}: {
  callbackUrl?: string;
  initialError?: string;
  initialEmail?: string;
  notice?: string;
}) {
  const t = useT();
  const router = useRouter();
  const [error, setError] = useState<string | null>(initialError ? signInErrorText(initialError, t) : null);
  const [pending, setPending] = useState(false);
  // The second step: the password was right and the member has two-factor on. Email and password are sent again with the code.
  const [secondStep, setSecondStep] = useState<{ email: string; password: string } | null>(null);
  const [recovery, setRecovery] = useState(false);
  // Set once React handles the form: tests (and nothing else) wait for it before submitting.
  const ready = useHydrated();

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    setPending(true);
    setError(null);
    const credentials = secondStep ?? { email: String(form.get("email") ?? ""), password: String(form.get("password") ?? "") };
    const code = secondStep ? String(form.get("code") ?? "").trim() : "";
    try {
      const result = await signIn("credentials", { ...credentials, code, redirect: false });
      if (!result || result.error || !result.ok) {
        if (result?.error === "two_factor_required" && !secondStep) {
          setSecondStep(credentials);
          return;
        }
        setError(signInErrorText(result?.error ?? "", t));
        return;
      }
      router.replace(sameOriginPath(callbackUrl, window.location.origin));
      router.refresh();
    } catch {
      setError(t("login.failed"));
    } finally {
      setPending(false);
    }
  }

  return (
    <form onSubmit={onSubmit} method="post" className="space-y-4" noValidate data-ready={ready}>
      {notice && !error ? (
        <Alert tone="success" live>
          {notice}
        </Alert>
      ) : null}
      <div aria-live="assertive">
        {error ? (
          <Alert tone="danger" live>
            {error}
          </Alert>
        ) : null}
      </div>
      {secondStep ? (
        <>
          <p className="text-sm text-muted">{recovery ? t("login.recovery_hint") : t("login.code_hint")}</p>
          {recovery ? (
            <Field key="recovery" id="recovery-code" label={t("login.recovery_code")} required>
              <Input name="code" autoComplete="off" spellCheck={false} required autoFocus />
            </Field>
          ) : (
            <Field key="code" id="code" label={t("login.code")} required>
              <Input name="code" inputMode="numeric" autoComplete="one-time-code" pattern="[0-9 ]*" maxLength={7} required autoFocus />
            </Field>
          )}
        </>
      ) : (
        <>
          <Field id="email" label={t("login.email")} required>
            <Input name="email" type="email" autoComplete="username" defaultValue={initialEmail} required />
          </Field>
          <Field id="password" label={t("login.password")} required>
            <Input name="password" type="password" autoComplete="current-password" required />
          </Field>
        </>
      )}
      <Button type="submit" className="w-full" disabled={pending}>
        {pending ? t("login.submitting") : t("login.submit")}
      </Button>
      {secondStep ? (
        <div className="flex flex-wrap justify-between gap-2 text-sm">
          <Button type="button" variant="ghost" onClick={() => setRecovery(!recovery)}>
            {recovery ? t("login.use_code") : t("login.use_recovery_code")}
          </Button>
          <Button
            type="button"
            variant="ghost"
            onClick={() => {
              setSecondStep(null);
              setRecovery(false);
              setError(null);
            }}
          >
            {t("login.start_over")}
          </Button>
        </div>
      ) : null}
    </form>
  );
}
