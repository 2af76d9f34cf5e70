import { describe, expect, it } from "vitest";
import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { WithI18n } from "@/components/testing/with-i18n";
import { LedgerEmpty } from "./ledger-empty";

describe("LedgerEmpty", () => {
  it("a member who may open accounts: a button that takes them to the open-account form's currency", async () => {
    render(
      <WithI18n>
        <LedgerEmpty canOpen />
        <input id="open-currency" aria-label="Currency" />
      </WithI18n>,
    );
    expect(screen.getByTestId("ledger-empty").textContent).toContain("This contact has no accounts yet. Open one below");
    await userEvent.setup().click(screen.getByRole("button", { name: "Open an account" }));
    expect(document.activeElement).toBe(screen.getByLabelText("Currency"));
  });

  it("a member who may not: the fact only, no button", () => {
    render(
      <WithI18n locale="ru">
        <LedgerEmpty canOpen={false} />
      </WithI18n>,
    );
    expect(screen.getByTestId("ledger-empty").textContent).toBe("У контакта пока нет счетов.");
    expect(screen.queryByRole("button")).toBeNull();
  });
});
