"use client";

import type { InputHTMLAttributes, Ref } from "react";
import { useI18n } from "@/components/shell/i18n-provider";
import { amountPlaceholder } from "@/lib/core/money/parse-amount";
import { Input } from "./field";
import { cn } from "./cn";

/**
 * Money typed in major units, as people write it ("1,000.50", "1 000,50"):
 * plain text with the decimal keypad, the currency beside it. What it means
 * is decided by parseAmountText (lib/core/money/parse-amount.ts) in the form's
 * schema, the same one the server action runs. Inside a Field it takes the
 * Field's id, error and descriptions. Empty, it shows the currency's decimals
 * in the reader's notation ("0.00", "0,00").
 */
export function AmountInput({
  currency,
  className,
  placeholder,
  ...props
}: Omit<InputHTMLAttributes<HTMLInputElement>, "type" | "inputMode"> & { currency: string; ref?: Ref<HTMLInputElement> }) {
  const { locale } = useI18n();
  return (
    <div className="flex items-center gap-2">
      <Input
        type="text"
        inputMode="decimal"
        autoComplete="off"
        spellCheck={false}
        placeholder={placeholder ?? amountPlaceholder(currency, locale)}
        className={cn("tabular-nums", className)}
        {...props}
      />
      <span className="font-mono text-sm text-muted" aria-hidden="true" data-testid="amount-currency">
        {currency}
      </span>
    </div>
  );
}
