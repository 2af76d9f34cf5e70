import { describe, expect, it } from "vitest";
import { useState } from "react";
import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { WithI18n } from "@/components/testing/with-i18n";
import { CurrencySelect } from "./currency-select";
import { Field } from "./field";

function Picker({ variant, exclude, label = "Currency" }: { variant?: "combobox" | "list"; exclude?: string[]; label?: string }) {
  const [value, setValue] = useState(variant === "list" ? "" : "USD");
  return (
    <Field label={label}>
      <CurrencySelect variant={variant} exclude={exclude} value={value} onChange={setValue} />
    </Field>
  );
}

describe("CurrencySelect", () => {
  it("combobox: names from Intl in the reader's language, found by code, picked with Enter", async () => {
    const user = userEvent.setup();
    render(
      <WithI18n>
        <Picker />
      </WithI18n>,
    );
    const input = screen.getByRole("combobox", { name: "Currency" });
    expect((input as HTMLInputElement).value).toBe("USD — US Dollar");
    await user.click(input);
    await user.keyboard("eur");
    expect(within(screen.getByRole("listbox", { name: "Currency" })).getAllByRole("option")[0].textContent).toBe("EUR — Euro");
    await user.keyboard("{Enter}");
    expect((input as HTMLInputElement).value).toBe("EUR — Euro");
  });

  it("combobox in Russian: Russian names", async () => {
    render(
      <WithI18n locale="ru">
        <Picker label="Валюта" />
      </WithI18n>,
    );
    expect((screen.getByRole("combobox", { name: "Валюта" }) as HTMLInputElement).value).toBe("USD — доллар США");
  });

  it("list: a search over a listbox that leaves out the excluded codes", async () => {
    const user = userEvent.setup();
    render(
      <WithI18n>
        <Picker variant="list" exclude={["USD"]} />
      </WithI18n>,
    );
    await user.type(screen.getByRole("searchbox", { name: "Find a currency" }), "dollar");
    const list = screen.getByRole("listbox", { name: "Currency" });
    const codes = within(list)
      .getAllByRole("option")
      .map((option) => (option as HTMLOptionElement).value);
    expect(codes).toContain("CAD");
    expect(codes).not.toContain("USD");
    await user.selectOptions(list, "CAD");
    expect((list as HTMLSelectElement).value).toBe("CAD");
  });
});
