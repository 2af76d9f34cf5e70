"use client";

import {
  createContext,
  useContext,
  useId,
  type InputHTMLAttributes,
  type ReactNode,
  type Ref,
  type SelectHTMLAttributes,
  type TextareaHTMLAttributes,
} from "react";
import type { FieldError } from "react-hook-form";
import { useT } from "@/components/shell/i18n-provider";
import type { Vars } from "@/lib/i18n/format";
import { cn } from "./cn";

export const inputClass =
  "block w-full rounded-md border border-border bg-surface px-3 py-2 text-sm text-fg placeholder:text-muted aria-[invalid=true]:border-danger";

/** What a Field tells the control inside it. */
interface FieldControl {
  id: string;
  describedBy: string | undefined;
  invalid: boolean;
}

const FieldContext = createContext<FieldControl | null>(null);

type AriaProps = { id?: string; "aria-invalid"?: boolean | "true" | "false" | "grammar" | "spelling"; "aria-describedby"?: string };

/** A control's own props with its Field's wiring merged in: the Field's id (the label points at it), its error and its descriptions. */
export function useFieldProps<P extends AriaProps>(props: P): P {
  const field = useContext(FieldContext);
  if (!field) return props;
  const describedBy = [field.describedBy, props["aria-describedby"]].filter(Boolean).join(" ");
  const invalid = field.invalid || props["aria-invalid"] === true || props["aria-invalid"] === "true";
  return { ...props, id: field.id, "aria-invalid": invalid || undefined, "aria-describedby": describedBy || undefined };
}

/**
 * One form field: its label, an optional description, a required mark, and
 * the error of its react-hook-form field, wired to the control inside (Input,
 * Select, Textarea, Checkbox, AmountInput, CurrencySelect, or any control that
 * calls useFieldProps): `id`, `aria-invalid`, `aria-describedby`.
 *
 * `error` is the field's FieldError as react-hook-form holds it, so a server
 * error placed by applyServerErrors (setError) shows on its own input, rows of
 * field arrays included: `error={errors.fields?.[2]?.slug}`. Its message is an
 * i18n key of our schemas or the server's text, shown as it is.
 *
 * The required mark sits beside the label, not in it: the field's name stays
 * what the label says, and "required" reaches screen readers as a description.
 */
export function Field({
  id: givenId,
  label,
  description,
  required = false,
  error,
  errorVars,
  inline = false,
  hideLabel = false,
  className,
  children,
}: {
  /** The control's id; one is made when not given. */
  id?: string;
  label: ReactNode;
  description?: ReactNode;
  required?: boolean;
  error?: Pick<FieldError, "message">;
  /** Placeholders of the error text (an amount's bounds in money). */
  errorVars?: Vars;
  /** A checkbox or radio: the control first, its label beside it. */
  inline?: boolean;
  /** The label for screen readers only, where the context shows what the control is (a role picker in a member's row). */
  hideLabel?: boolean;
  className?: string;
  children: ReactNode;
}) {
  const t = useT();
  const madeId = useId();
  const id = givenId ?? madeId;
  const invalid = Boolean(error);
  const message = error ? (error.message ? t(error.message, errorVars) : t("form.invalid")) : null;
  const ids = { description: `${id}-description`, error: `${id}-error`, required: `${id}-required` };
  const describedBy = [description ? ids.description : null, message ? ids.error : null, required ? ids.required : null].filter(Boolean).join(" ") || undefined;
  const labelRow = (
    <>
      <label htmlFor={id} className={cn(inline ? "text-sm" : "text-sm font-medium", hideLabel && "sr-only")}>
        {label}
      </label>
      {required ? (
        <>
          <span aria-hidden="true" className="text-sm text-danger">
            *
          </span>
          <span id={ids.required} className="sr-only">
            {t("form.required_mark")}
          </span>
        </>
      ) : null}
    </>
  );
  return (
    <FieldContext.Provider value={{ id, describedBy, invalid }}>
      <div className={cn("space-y-1", className)} data-invalid={invalid || undefined}>
        {inline ? (
          <div className="inline-flex items-center gap-2">
            {children}
            {labelRow}
          </div>
        ) : (
          <>
            <div className="flex flex-wrap items-center gap-x-1 gap-y-1">{labelRow}</div>
            {children}
          </>
        )}
        {description ? (
          <p id={ids.description} className="text-xs text-muted wrap-anywhere">
            {description}
          </p>
        ) : null}
        {message ? (
          <p id={ids.error} className="text-sm text-danger" role="alert">
            {message}
          </p>
        ) : null}
      </div>
    </FieldContext.Provider>
  );
}

/** The error of a group of controls (a radio group, a field array as a whole), shown like a Field's. */
export function GroupError({ id, error, className }: { id?: string; error?: Pick<FieldError, "message">; className?: string }) {
  const t = useT();
  if (!error) return null;
  return (
    <p id={id} className={cn("text-sm text-danger", className)} role="alert">
      {error.message ? t(error.message) : t("form.invalid")}
    </p>
  );
}

export function Input({ className, ...props }: InputHTMLAttributes<HTMLInputElement> & { ref?: Ref<HTMLInputElement> }) {
  return <input className={cn(inputClass, className)} {...useFieldProps(props)} />;
}

export function Select({ className, ...props }: SelectHTMLAttributes<HTMLSelectElement> & { ref?: Ref<HTMLSelectElement> }) {
  return <select className={cn(inputClass, "pr-8", className)} {...useFieldProps(props)} />;
}

export function Textarea({ className, ...props }: TextareaHTMLAttributes<HTMLTextAreaElement> & { ref?: Ref<HTMLTextAreaElement> }) {
  return <textarea className={cn(inputClass, className)} {...useFieldProps(props)} />;
}

export function Checkbox({ className, ...props }: Omit<InputHTMLAttributes<HTMLInputElement>, "type"> & { ref?: Ref<HTMLInputElement> }) {
  return (
    <input
      type="checkbox"
      className={cn("h-4 w-4 rounded border-border aria-[invalid=true]:outline aria-[invalid=true]:outline-danger", className)}
      {...useFieldProps(props)}
    />
  );
}

export function Radio({ className, ...props }: Omit<InputHTMLAttributes<HTMLInputElement>, "type"> & { ref?: Ref<HTMLInputElement> }) {
  return <input type="radio" className={cn("h-4 w-4", className)} {...useFieldProps(props)} />;
}
