"use client";

import { useState } from "react";
import { useForm } from "react-hook-form";
import { useT } from "@/components/shell/i18n-provider";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Field, Input } from "@/components/ui/field";
import type { ChangePassword } from "@/lib/features/account/forms";
import { NewPasswordFields, PROBLEM_KEYS, usePasswordStrength, type AskStrength } from "@/components/account/password-strength";
import { changePasswordAction, passwordStrengthAction } from "@/lib/features/account/actions";
import { lazyZodResolver } from "@/lib/core/forms/lazy-zod-resolver";
import { applyServerErrors, fieldsNamed } from "@/lib/core/actions/server-errors";
import { callAction } from "@/lib/core/actions/call-action";

const resolver = lazyZodResolver<ChangePassword>(() => import("@/lib/features/account/forms").then((forms) => forms.ChangePasswordSchema));

const askStrength: AskStrength = (password) => passwordStrengthAction({ password });

/** Change one's own password: current, new with its strength meter, and new again. */
export function PasswordForm({ minLength, maxLength }: { minLength: number; maxLength: number }) {
  const t = useT();
  const [done, setDone] = useState<number | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<ChangePassword>({ resolver, defaultValues: { currentPassword: "", newPassword: "", confirmPassword: "" } });
  const { errors, isSubmitting } = form.formState;
  const typed = form.watch("newPassword");
  const strength = usePasswordStrength(typed, askStrength);
  // The server would refuse it: the field says why and the button waits, instead of a request that fails.
  const refused = strength?.problem ? PROBLEM_KEYS[strength.problem] : null;

  const onSubmit = form.handleSubmit(async (values) => {
    setFormError(null);
    setDone(null);
    const result = await callAction(changePasswordAction, values, t);
    if (result.ok) {
      setDone(result.data.ended);
      form.reset();
      return;
    }
    const { placed, unplaced } = applyServerErrors(form.setError, result.error.fieldErrors, fieldsNamed("currentPassword", "newPassword", "confirmPassword"));
    if (placed === 0) setFormError(unplaced.join(" ") || result.error.message);
  });

  return (
    <form onSubmit={onSubmit} noValidate className="max-w-md space-y-4" aria-label={t("password.title")} data-testid="password-form">
      {done !== null ? (
        <Alert tone="success" live>
          {t("password.changed", { count: done })}
        </Alert>
      ) : null}
      {formError ? (
        <Alert tone="danger" live>
          {formError}
        </Alert>
      ) : null}
      {/* Until the form's code runs, typing would be lost to it: the inputs wait. */}
      <div className="space-y-4">
        <Field id="current-password" label={t("password.current")} error={errors.currentPassword} required>
          <Input type="password" autoComplete="current-password" {...form.register("currentPassword")} />
        </Field>
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
        <Button type="submit" disabled={isSubmitting || refused !== null} aria-describedby={refused ? "new-password-error" : undefined}>
          {isSubmitting ? t("common.saving") : t("password.submit")}
        </Button>
      </div>
    </form>
  );
}
