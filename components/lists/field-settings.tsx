"use client";

// The settings a field has wherever it is edited (a row of the designer, the "add a field" form), drawn once.
import { Controller, type Control, type FieldError, type FieldValues, type Path, type UseFormRegisterReturn } from "react-hook-form";
import { useT } from "@/components/shell/i18n-provider";
import { CurrencySelect } from "@/components/ui/currency-select";
import { Checkbox, Field, Select } from "@/components/ui/field";
import { FIELD_TYPES } from "@/lib/contract/facts";

type Message = Pick<FieldError, "message"> | undefined;

/** The field's type: one option per type of the contract, in the reader's language. */
export function FieldTypeSelect({ id, error, registration }: { id: string; error: Message; registration: UseFormRegisterReturn }) {
  const t = useT();
  return (
    <Field id={id} label={t("lists.form.field_type")} error={error} required>
      <Select {...registration}>
        {FIELD_TYPES.map((fieldType) => (
          <option key={fieldType} value={fieldType}>
            {t(`lists.type.${fieldType}`)}
          </option>
        ))}
      </Select>
    </Field>
  );
}

/** A money field's currency (shown for money only, by the caller). */
export function FieldCurrency<T extends FieldValues>({ id, error, control, name }: { id: string; error: Message; control: Control<T>; name: Path<T> }) {
  const t = useT();
  return (
    <div className="sm:w-1/2">
      <Field id={id} label={t("lists.form.field_currency")} error={error} required>
        <Controller
          control={control}
          name={name}
          render={({ field }) => <CurrencySelect {...field} value={(field.value as string | null | undefined) ?? ""} />}
        />
      </Field>
    </div>
  );
}

const FLAGS = ["is_required", "is_hidden", "is_encryptable"] as const;
type Flag = (typeof FLAGS)[number];

/** Required, hidden, encryptable: one checkbox each, with its own error. */
export function FieldFlags({
  idBase,
  errors,
  register,
}: {
  idBase: string;
  errors: Partial<Record<Flag, Message>> | undefined;
  register: (flag: Flag) => UseFormRegisterReturn;
}) {
  const t = useT();
  return (
    <div className="flex flex-wrap gap-x-6 gap-y-2 text-sm">
      {FLAGS.map((flag) => (
        <Field key={flag} id={`${idBase}-${flag}`} label={t(`lists.form.${flag}`)} error={errors?.[flag]} inline>
          <Checkbox {...register(flag)} />
        </Field>
      ))}
    </div>
  );
}
