"use client";

import { useEffect, useState } from "react";
import { useForm } from "react-hook-form";
import { useT } from "@/components/i18n-provider";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Field, Input } from "@/components/ui/field";
import { cn } from "@/components/ui/cn";
import { useDebouncedValue } from "@/components/ui/use-debounced-value";
import type { ChangePassword } from "@/lib/dashboard/forms/account";
import type { PasswordProblem } from "@/lib/auth/password-strength";
import { changePasswordAction, passwordStrengthAction } from "@/lib/dashboard/account-actions";
import { lazyZodResolver } from "@/lib/forms/lazy-zod-resolver";
import { applyServerErrors, fieldsNamed } from "@/lib/actions/server-errors";

const resolver = lazyZodResolver<ChangePassword>(() => import("@/lib/dashboard/forms/account").then((forms) => forms.ChangePasswordSchema));

interface Strength {
  password: string;
  score: 0 | 1 | 2 | 3 | 4;
  acceptable: boolean;
  problem: PasswordProblem | null;
}

const PROBLEM_KEYS = {
  too_short: "password.problem.too_short",
  too_long: "password.problem.too_long",
  common: "password.problem.common",
  personal: "password.problem.personal",
  weak: "password.problem.weak",
} as const satisfies Record<PasswordProblem, string>;

const BAR_TONES = ["bg-danger", "bg-danger", "bg-warning", "bg-success", "bg-success"] as const;

/**
 * The strength of what is typed, asked of the server (the rule and its 200 kB of common passwords live there) once
 * typing pauses; null while unknown. An answer for an older text is dropped.
 */
function usePasswordStrength(password: string): Strength | null {
  const settled = useDebouncedValue(password, 300);
  const [strength, setStrength] = useState<Strength | null>(null);
  useEffect(() => {
    if (!settled) return;
    let current = true;
    void passwordStrengthAction({ password: settled }).then((result) => {
      if (current && result.ok) setStrength({ password: settled, ...result.data, problem: result.data.problem ?? null });
    });
    return () => {
      current = false;
    };
  }, [settled]);
  return strength && strength.password === password ? strength : null;
}

/** Change one's own password: current, new with its strength meter, and new again. */
export function PasswordForm({ minLength, maxLength }: { minLength: number; maxLength: number }) {
  const t = useT();
  const [done, setDone] = useState<number | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<ChangePassword>({ resolver, defaultValues: { currentPassword: "", newPassword: "", confirmPassword: "" } });
  const { errors, isSubmitting } = form.formState;
  const typed = form.watch("newPassword");
  const strength = usePasswordStrength(typed);
  // The server would refuse it: the field says why and the button waits, instead of a request that fails.
  const refused = strength?.problem ? PROBLEM_KEYS[strength.problem] : null;

  const onSubmit = form.handleSubmit(async (values) => {
    setFormError(null);
    setDone(null);
    const result = await changePasswordAction(values);
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
        <Field
          id="new-password"
          label={t("password.new")}
          description={
            <>
              {t("password.new_hint", { min: minLength })}
              <span className="mt-1 flex gap-1" aria-hidden="true">
                {[0, 1, 2, 3].map((step) => (
                  <span
                    key={step}
                    className={cn("h-1.5 flex-1 rounded-full bg-surface-2", strength && strength.score > step ? BAR_TONES[strength.score] : null)}
                  />
                ))}
              </span>
              <span className="block" aria-live="polite" data-testid="password-strength">
                {typed ? `${t("password.strength")}: ${strength ? t(`password.strength.${strength.score}`) : t("password.checking")}` : null}
              </span>
            </>
          }
          error={errors.newPassword ?? (refused ? { message: refused } : undefined)}
          errorVars={{ min: minLength, max: maxLength }}
          required
        >
          <Input type="password" autoComplete="new-password" {...form.register("newPassword")} />
        </Field>
        <Field id="confirm-password" label={t("password.confirm")} error={errors.confirmPassword} required>
          <Input type="password" autoComplete="new-password" {...form.register("confirmPassword")} />
        </Field>
        <Button type="submit" disabled={isSubmitting || refused !== null} aria-describedby={refused ? "new-password-error" : undefined}>
          {isSubmitting ? t("common.saving") : t("password.submit")}
        </Button>
      </div>
    </form>
  );
}
