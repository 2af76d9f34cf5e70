"use client";

import { useState, type FormEvent } from "react";
import { useRouter } from "next/navigation";
import { signIn } from "next-auth/react";
import { useT } from "@/components/i18n-provider";
import { Button } from "@/components/ui/button";
import { Field, Input } from "@/components/ui/field";
import { useHydrated } from "@/components/ui/use-hydrated";
import { Alert } from "@/components/ui/alert";
import type { Translate } from "@/lib/i18n/translate";
import { sameOriginPath } from "@/lib/auth/redirect";

/** next-auth hands the authorize() failure through as `error`: invalid_credentials, throttled:<seconds> or busy:<seconds>. */
function signInErrorText(error: string, t: Translate): string {
  if (error === "invalid_credentials" || error === "CredentialsSignin") return t("login.invalid_credentials");
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
  // Set once React handles the form: tests (and nothing else) wait for it before submitting.
  const ready = useHydrated();

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    setPending(true);
    setError(null);
    try {
      const result = await signIn("credentials", { email: String(form.get("email") ?? ""), password: String(form.get("password") ?? ""), redirect: false });
      if (!result || result.error || !result.ok) {
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
      <Field id="email" label={t("login.email")} required>
        <Input name="email" type="email" autoComplete="username" defaultValue={initialEmail} required />
      </Field>
      <Field id="password" label={t("login.password")} required>
        <Input name="password" type="password" autoComplete="current-password" required />
      </Field>
      <Button type="submit" className="w-full" disabled={pending}>
        {pending ? t("login.submitting") : t("login.submit")}
      </Button>
    </form>
  );
}
