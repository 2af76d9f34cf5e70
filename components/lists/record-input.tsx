"use client";

import type { InputHTMLAttributes, SelectHTMLAttributes } from "react";
import { AmountInput } from "@/components/ui/amount-input";
import { Input, Select } from "@/components/ui/field";
import type { Translate } from "@/lib/i18n/translate";
import { type FieldType, currencyDigits } from "@/lib/contract/facts";
import { RECORD_MONEY_BOUNDS } from "@/lib/features/lists/money";
import { amountErrorVars } from "@/lib/core/money/parse-amount";

/** What a record's input is for a field type: the control and a hint that says what to type. */
export interface RecordInputSpec {
  type: FieldType;
  currency: string | null;
  isRequired: boolean;
}

export function recordInputHint(field: RecordInputSpec, t: Translate, locale: string): string | undefined {
  switch (field.type) {
    case "money": {
      const currency = field.currency ?? "USD";
      return t("records.hint.money", { currency, digits: currencyDigits(currency), max: amountErrorVars(currency, locale, RECORD_MONEY_BOUNDS).max });
    }
    case "datetime":
      return t("records.hint.datetime");
    case "file":
    case "image":
      return t("records.hint.url");
    case "contact":
      return t("records.hint.contact");
    case "bot":
      return t("records.hint.bot");
    default:
      return undefined;
  }
}

type Common = { field: RecordInputSpec; t: Translate; disabled?: boolean };

/**
 * The control of one record value, generated from the field's type, for a
 * Field (which gives it its id, error and descriptions). The value is text
 * (as a form sends it); the record schema checks and converts it.
 */
export function RecordInput({
  field,
  t,
  disabled,
  ...rest
}: Common & Omit<InputHTMLAttributes<HTMLInputElement> & SelectHTMLAttributes<HTMLSelectElement>, "id" | "type">) {
  const aria = { disabled };
  switch (field.type) {
    case "bool":
      return (
        <Select {...aria} {...(rest as SelectHTMLAttributes<HTMLSelectElement>)}>
          <option value="">{t("records.not_set")}</option>
          <option value="true">{t("records.yes")}</option>
          <option value="false">{t("records.no")}</option>
        </Select>
      );
    case "number":
      return <Input {...aria} type="text" inputMode="decimal" autoComplete="off" {...(rest as InputHTMLAttributes<HTMLInputElement>)} />;
    case "money":
      return <AmountInput {...aria} currency={field.currency ?? "USD"} {...(rest as InputHTMLAttributes<HTMLInputElement>)} />;
    case "date":
      return <Input {...aria} type="date" {...(rest as InputHTMLAttributes<HTMLInputElement>)} />;
    case "datetime":
      return <Input {...aria} type="datetime-local" step={1} {...(rest as InputHTMLAttributes<HTMLInputElement>)} />;
    case "file":
    case "image":
      return <Input {...aria} type="url" placeholder="https://" autoComplete="off" {...(rest as InputHTMLAttributes<HTMLInputElement>)} />;
    case "contact":
    case "bot":
      return <Input {...aria} type="text" inputMode="numeric" autoComplete="off" {...(rest as InputHTMLAttributes<HTMLInputElement>)} />;
    default:
      return <Input {...aria} type="text" autoComplete="off" {...(rest as InputHTMLAttributes<HTMLInputElement>)} />;
  }
}
