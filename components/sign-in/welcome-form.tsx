"use client";

import { useCallback, useState } from "react";
import { useRouter } from "next/navigation";
import Link from "next/link";
import { useForm } from "react-hook-form";
import { useT } from "@/components/shell/i18n-provider";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { useHydrated } from "@/components/ui/use-hydrated";
import { NewPasswordFields, PROBLEM_KEYS, usePasswordStrength, type AskStrength } from "@/components/account/password-strength";
import type { SetLinkPassword } from "@/lib/features/sign-in/welcome-form";
import { linkPasswordStrengthAction, setLinkPasswordAction } from "@/lib/features/sign-in/welcome-actions";
import type { LinkRefusal } from "@/lib/auth/one-time-links";
import { lazyZodResolver } from "@/lib/core/forms/lazy-zod-resolver";
import { applyServerErrors, fieldsNamed } from "@/lib/core/actions/server-errors";
import { serializeLoginPageParams } from "@/lib/auth/login-params";
import { callAction } from "@/lib/core/actions/call-action";

const resolver = lazyZodResolver<SetLinkPassword>(() => import("@/lib/features/sign-in/welcome-form").then((forms) => forms.SetLinkPasswordSchema));

/** Why a link does not work, and what to do: ask an owner for a new one. */
export function WelcomeRefused({ reason }: { reason: LinkRefusal }) {
  const t = useT();
  return (
    <Alert tone="danger">
      <p data-testid="welcome-refused">{t(`welcome.refused.${reason}`)}</p>
      <p className="mt-1">{t("welcome.ask_owner")}</p>
      <p className="mt-3">
        <Link href="/login" className="underline">
          {t("welcome.to_login")}
        </Link>
      </p>
    </Alert>
  );
}

/** The new password twice, with the same meter as one's own password form; then to the sign-in page. */
export function WelcomeForm({ token, email, minLength, maxLength }: { token: string; email: string; minLength: number; maxLength: number }) {
  const t = useT();
  const router = useRouter();
  const hydrated = useHydrated();
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<SetLinkPassword>({ resolver, defaultValues: { token, newPassword: "", confirmPassword: "" } });
  const { errors, isSubmitting, isSubmitSuccessful } = form.formState;
  const typed = form.watch("newPassword");
  const ask = useCallback<AskStrength>((password) => linkPasswordStrengthAction({ token, password }), [token]);
  const strength = usePasswordStrength(typed, ask);
  const refused = strength?.problem ? PROBLEM_KEYS[strength.problem] : null;

  const onSubmit = form.handleSubmit(async (values) => {
    setFormError(null);
    const result = await callAction(setLinkPasswordAction, values, t);
    if (result.ok) {
      router.replace(`/login${serializeLoginPageParams({ email: result.data.email, notice: "password_set" })}`);
      return;
    }
    const { placed, unplaced } = applyServerErrors(form.setError, result.error.fieldErrors, fieldsNamed("newPassword", "confirmPassword"));
    if (placed === 0) setFormError(unplaced.join(" ") || result.error.message);
  });

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4" aria-label={t("welcome.submit")} data-testid="welcome-form" data-ready={hydrated || undefined}>
      {formError ? (
        <Alert tone="danger" live>
          {formError}
        </Alert>
      ) : null}
      {/* The browser's password manager files the new password under this account. */}
      <input type="email" name="username" autoComplete="username" value={email} readOnly hidden />
      <fieldset disabled={!hydrated || isSubmitSuccessful} className="space-y-4">
        <NewPasswordFields
          newPassword={form.register("newPassword")}
          confirmPassword={form.register("confirmPassword")}
          errors={errors}
          typed={typed}
          strength={strength}
          refused={refused}
          minLength={minLength}
          maxLength={maxLength}
        />
        <Button type="submit" className="w-full" disabled={isSubmitting || refused !== null} aria-describedby={refused ? "new-password-error" : undefined}>
          {isSubmitting ? t("common.saving") : t("welcome.submit")}
        </Button>
      </fieldset>
    </form>
  );
}
