import { describe, expect, it, vi } from "vitest";
import { render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { ActionResult } from "@/lib/core/actions/result";
import type { ColumnMapping } from "@/lib/features/adjustments/types";
import { descriptionOf } from "@/components/testing/aria";
import { WithI18n } from "@/components/testing/with-i18n";
import { MappingForm } from "./mapping-form";

const HEADERS = ["Client", "Valuta", "Sum", "Memo", ""];
const FIRST_ROW = ["1042", "USD", "-12.50", "Refund after the outage", "x"];
const SUGGESTED = { contact_id: 0, currency: 1, amount: 2, direction: null, description: 3 };

const select = (name: string) => screen.getByRole("combobox", { name }) as HTMLSelectElement;
const selectedText = (name: string) => select(name).selectedOptions[0].textContent;

function setup(action: (mapping: ColumnMapping) => Promise<ActionResult<unknown>>, props: Partial<Parameters<typeof MappingForm>[0]> = {}) {
  render(
    <WithI18n>
      <MappingForm headers={HEADERS} firstRow={FIRST_ROW} suggested={SUGGESTED} action={action} {...props} />
    </WithI18n>,
  );
  return userEvent.setup();
}

describe("MappingForm", () => {
  it("is prefilled from the suggestion; each option names the header with the first row's value", () => {
    setup(async () => ({ ok: true, data: null }));
    expect(selectedText("Contact ID")).toBe("Client (e.g. 1042)");
    expect(selectedText("Currency")).toBe("Valuta (e.g. USD)");
    expect(selectedText("Amount")).toBe("Sum (e.g. -12.50)");
    expect(selectedText("Description")).toBe("Memo (e.g. Refund after the outage)");
    expect(selectedText("Direction")).toBe("None — the amount's sign decides");
    // A header without a name is named by its position.
    expect([...select("Amount").options].map((option) => option.textContent)).toContain("Column 5 (e.g. x)");
  });

  it("a saved mapping wins over the suggestion, and the chosen columns are sent as indexes", async () => {
    const action = vi.fn(async (_mapping: ColumnMapping): Promise<ActionResult<unknown>> => ({ ok: true, data: null }));
    const onSaved = vi.fn();
    const user = setup(action, { mapping: { contact_id: 0, currency: 1, amount: 2, direction: 4, description: 3 }, onSaved });
    expect(selectedText("Direction")).toBe("Column 5 (e.g. x)");
    await user.selectOptions(select("Direction"), "");
    await user.click(screen.getByRole("button", { name: "Save and check the rows" }));
    await waitFor(() => expect(onSaved).toHaveBeenCalledTimes(1));
    expect(action).toHaveBeenCalledExactlyOnceWith({ contact_id: 0, currency: 1, amount: 2, direction: null, description: 3 });
  });

  it("a required field left unchosen is refused here, on its select", async () => {
    const action = vi.fn(async (): Promise<ActionResult<unknown>> => ({ ok: true, data: null }));
    const user = setup(action, { suggested: { ...SUGGESTED, currency: null } });
    await user.click(screen.getByRole("button", { name: "Save and check the rows" }));
    await waitFor(() => expect(select("Currency").getAttribute("aria-invalid")).toBe("true"));
    expect(descriptionOf(select("Currency"))).toContain("Choose the column that holds this value.");
    expect(select("Amount").getAttribute("aria-invalid")).toBeNull();
    expect(action).not.toHaveBeenCalled();
  });

  it("the server's field errors land on their own select (plain or mapping.-prefixed keys); the others above the form", async () => {
    const user = setup(async () => ({
      ok: false,
      error: {
        kind: "validation",
        message: "The mapping is not valid.",
        fieldErrors: { amount: ["This column holds no numbers."], "mapping.description": ["Already used for the contact ID."], file: ["The file is gone."] },
      },
    }));
    await user.click(screen.getByRole("button", { name: "Save and check the rows" }));
    await waitFor(() => expect(select("Amount").getAttribute("aria-invalid")).toBe("true"));
    expect(descriptionOf(select("Amount"))).toBe("This column holds no numbers. required");
    expect(descriptionOf(select("Description"))).toContain("Already used for the contact ID.");
    for (const name of ["Contact ID", "Currency", "Direction"]) expect(select(name).getAttribute("aria-invalid")).toBeNull();
    expect(screen.getAllByRole("alert").some((alert) => alert.textContent === "The file is gone.")).toBe(true);
  });

  it("locked with the reason shown beside the disabled button", () => {
    setup(async () => ({ ok: true, data: null }), { disabledReason: "The batch is running." });
    const button = screen.getByRole("button", { name: "Save and check the rows" }) as HTMLButtonElement;
    expect(button.disabled).toBe(true);
    expect(descriptionOf(button)).toBe("The batch is running.");
    // Disabled through its fieldset.
    expect(select("Amount").matches(":disabled")).toBe(true);
  });
});
