import { describe, expect, it } from "vitest";
import { render, screen } from "@testing-library/react";
import { translator } from "@/lib/i18n/translate";
import { MoneySection } from "./money-section";

const none = { available: true as const, currencies: [] };

describe("MoneySection with no account yet", () => {
  it("a member who may open accounts: where they are opened, and a link to find the contact", () => {
    render(<MoneySection money={none} t={translator("en")} locale="en" canOpen />);
    expect(screen.getByTestId("overview-money-empty").textContent).toContain("No accounts yet. Accounts are opened on a contact's page");
    expect(screen.getByRole("link", { name: "Find a contact" }).getAttribute("href")).toBe("/contacts");
  });

  it("a member who may not (a lead): who opens them, and no link to an action the role cannot take", () => {
    render(<MoneySection money={none} t={translator("ru")} locale="ru" />);
    expect(screen.getByTestId("overview-money-empty").textContent).toBe("Счетов пока нет. Счета открывают на странице контакта владельцы и поддержка.");
    expect(screen.queryByRole("link")).toBeNull();
  });
});
