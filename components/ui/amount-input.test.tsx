import { describe, expect, it, vi } from "vitest";
import { cleanup, render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useForm } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { movementFormSchema, type MovementForm } from "@/lib/features/ledger/forms";
import { MOVEMENT_BOUNDS } from "@/lib/features/ledger/limits";
import { amountErrorVars } from "@/lib/core/money/parse-amount";
import type { Locale } from "@/lib/i18n/config";
import { descriptionOf } from "@/components/testing/aria";
import { WithI18n } from "@/components/testing/with-i18n";
import { AmountInput } from "./amount-input";
import { Field } from "./field";

/** The movement form's amount as the ledger has it: the same schema as the server action, in the reader's language. */
function AmountForm({ currency, locale, onValid }: { currency: string; locale: Locale; onValid: (values: MovementForm) => void }) {
  const form = useForm<MovementForm>({ resolver: zodResolver(movementFormSchema(currency, locale)), defaultValues: { amount: "", description: "x" } });
  return (
    <form onSubmit={form.handleSubmit(onValid)} noValidate>
      <Field label={`Amount (${currency})`} error={form.formState.errors.amount} errorVars={amountErrorVars(currency, locale, MOVEMENT_BOUNDS)} required>
        <AmountInput currency={currency} {...form.register("amount")} />
      </Field>
      <button type="submit">Review</button>
    </form>
  );
}

function setup(currency: string, locale: Locale) {
  const onValid = vi.fn();
  render(
    <WithI18n locale={locale}>
      <AmountForm currency={currency} locale={locale} onValid={onValid} />
    </WithI18n>,
  );
  return { onValid, input: screen.getByRole("textbox", { name: `Amount (${currency})` }), user: userEvent.setup() };
}

describe("AmountInput", () => {
  it("is text with the decimal keypad and shows its currency", () => {
    const { input } = setup("USD", "en");
    expect(input.getAttribute("inputmode")).toBe("decimal");
    expect(input.getAttribute("type")).toBe("text");
    expect(screen.getByTestId("amount-currency").textContent).toBe("USD");
  });

  it("takes 1,000.50 in English and refuses a third decimal on its own input", async () => {
    const { input, user, onValid } = setup("USD", "en");
    await user.type(input, "1,000.505");
    await user.click(screen.getByRole("button", { name: "Review" }));
    expect(await screen.findByText("Too many decimal places for this currency.")).toBeTruthy();
    expect(input.getAttribute("aria-invalid")).toBe("true");
    expect(onValid).not.toHaveBeenCalled();
    await user.clear(input);
    await user.type(input, "1,000.50");
    await user.click(screen.getByRole("button", { name: "Review" }));
    await vi.waitFor(() => expect(onValid).toHaveBeenCalledTimes(1));
    expect(onValid.mock.calls[0][0]).toMatchObject({ amount: "1,000.50" });
    expect(input.getAttribute("aria-invalid")).toBeNull();
  });

  it("takes 1 000,50 with a no-break space in Russian and states the limit in money", async () => {
    const { input, user, onValid } = setup("RUB", "ru");
    await user.type(input, "1 000 000 000 000,01");
    await user.click(screen.getByRole("button", { name: "Review" }));
    await vi.waitFor(() => expect(descriptionOf(input).replace(/[\u00a0\u202f]/g, " ")).toContain("не больше 1 000 000 000 000,00 RUB"));
    await user.clear(input);
    await user.type(input, "1\u00a0000,50");
    await user.click(screen.getByRole("button", { name: "Review" }));
    await vi.waitFor(() => expect(onValid).toHaveBeenCalledTimes(1));
  });

  it("shows the currency's decimals in the reader's notation as its placeholder", () => {
    expect(setup("USD", "en").input.getAttribute("placeholder")).toBe("0.00");
    cleanup();
    expect(setup("USD", "ru").input.getAttribute("placeholder")).toBe("0,00");
    cleanup();
    expect(setup("KWD", "en").input.getAttribute("placeholder")).toBe("0.000");
    cleanup();
    expect(setup("JPY", "en").input.getAttribute("placeholder")).toBe("0");
  });

  it("takes 1000.5 as typed", async () => {
    const { input, user, onValid } = setup("USD", "en");
    await user.type(input, "1000.5");
    await user.click(screen.getByRole("button", { name: "Review" }));
    await vi.waitFor(() => expect(onValid).toHaveBeenCalledTimes(1));
  });

  it("refuses decimals for JPY", async () => {
    const { input, user } = setup("JPY", "en");
    await user.type(input, "12.5");
    await user.click(screen.getByRole("button", { name: "Review" }));
    expect(await screen.findByText("Too many decimal places for this currency.")).toBeTruthy();
  });
});
