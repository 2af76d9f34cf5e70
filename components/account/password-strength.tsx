"use client";

import { useEffect, useState } from "react";
import { useT } from "@/components/shell/i18n-provider";
import { cn } from "@/components/ui/cn";
import { Field, Input } from "@/components/ui/field";
import type { FieldError, UseFormRegisterReturn } from "react-hook-form";
import { useDebouncedValue } from "@/components/ui/use-debounced-value";
import type { ActionResult } from "@/lib/core/actions/result";
import type { PasswordProblem } from "@/lib/auth/password-strength";

/** What the server says of a password: the rule (password-strength.ts) and its 200 kB of common passwords live there. */
interface StrengthAnswer {
  score: 0 | 1 | 2 | 3 | 4;
  acceptable: boolean;
  problem?: PasswordProblem | null;
}

export interface Strength extends StrengthAnswer {
  password: string;
  problem: PasswordProblem | null;
}

export type AskStrength = (password: string) => Promise<ActionResult<StrengthAnswer>>;

export const PROBLEM_KEYS = {
  too_short: "password.problem.too_short",
  too_long: "password.problem.too_long",
  common: "password.problem.common",
  personal: "password.problem.personal",
  weak: "password.problem.weak",
} as const satisfies Record<PasswordProblem, string>;

const BAR_TONES = ["bg-danger", "bg-danger", "bg-warning", "bg-success", "bg-success"] as const;

/**
 * The strength of what is typed, asked of the server once typing pauses; null while unknown. An answer for an older
 * text is dropped. `ask` must keep its identity between renders (a module function, or memoized).
 */
export function usePasswordStrength(password: string, ask: AskStrength): Strength | null {
  const settled = useDebouncedValue(password, 300);
  const [strength, setStrength] = useState<Strength | null>(null);
  useEffect(() => {
    if (!settled) return;
    let current = true;
    ask(settled)
      .then((result) => {
        if (current && result.ok) setStrength({ password: settled, ...result.data, problem: result.data.problem ?? null });
      })
      // Not reached: the meter waits for the next keystroke; the submit says what happened.
      .catch(() => {});
    return () => {
      current = false;
    };
  }, [settled, ask]);
  return strength && strength.password === password ? strength : null;
}

/** The new password's hint, its four-step meter and the strength in words (announced politely). */
function PasswordStrengthMeter({ typed, strength, minLength }: { typed: string; strength: Strength | null; minLength: number }) {
  const t = useT();
  return (
    <>
      {t("password.new_hint", { min: minLength })}
      <span className="mt-1 flex gap-1" aria-hidden="true">
        {[0, 1, 2, 3].map((step) => (
          <span key={step} className={cn("h-1.5 flex-1 rounded-full bg-surface-2", strength && strength.score > step ? BAR_TONES[strength.score] : null)} />
        ))}
      </span>
      <span className="block" aria-live="polite" data-testid="password-strength">
        {typed ? `${t("password.strength")}: ${strength ? t(`password.strength.${strength.score}`) : t("password.checking")}` : null}
      </span>
    </>
  );
}

/**
 * The new password with its meter, and the same again: for one's own password and for a one-time link. The field says
 * why the rule would refuse what is typed (`refused`, from PROBLEM_KEYS), and the form's button waits meanwhile.
 */
export function NewPasswordFields({
  newPassword,
  confirmPassword,
  errors,
  typed,
  strength,
  refused,
  minLength,
  maxLength,
}: {
  newPassword: UseFormRegisterReturn;
  confirmPassword: UseFormRegisterReturn;
  errors: { newPassword?: FieldError; confirmPassword?: FieldError };
  typed: string;
  strength: Strength | null;
  refused: string | null;
  minLength: number;
  maxLength: number;
}) {
  const t = useT();
  return (
    <>
      <Field
        id="new-password"
        label={t("password.new")}
        description={<PasswordStrengthMeter typed={typed} strength={strength} minLength={minLength} />}
        error={errors.newPassword ?? (refused ? { message: refused } : undefined)}
        errorVars={{ min: minLength, max: maxLength }}
        required
      >
        <Input type="password" autoComplete="new-password" {...newPassword} />
      </Field>
      <Field id="confirm-password" label={t("password.confirm")} error={errors.confirmPassword} required>
        <Input type="password" autoComplete="new-password" {...confirmPassword} />
      </Field>
    </>
  );
}
