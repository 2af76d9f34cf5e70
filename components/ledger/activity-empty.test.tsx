import { describe, expect, it } from "vitest";
import { render, screen } from "@testing-library/react";
import { translator } from "@/lib/i18n/translate";
import { ActivityEmpty } from "./activity-empty";

const en = translator("en");
const hrefOf = (name: string) => screen.getByRole("link", { name }).getAttribute("href");

describe("ActivityEmpty", () => {
  it("support staff: what makes entries, a link to the contacts and one to bulk adjustments", () => {
    render(<ActivityEmpty filtered={false} role="support" t={en} />);
    expect(screen.getByTestId("activity-empty").textContent).toContain("No entries yet. Every top-up, debit");
    expect(hrefOf("Find a contact")).toBe("/contacts");
    expect(hrefOf("Bulk adjustments")).toBe("/adjustments");
  });

  it("a lead, who moves no money: who makes entries, and no link to an action the role cannot take", () => {
    render(<ActivityEmpty filtered={false} role="lead" t={en} />);
    expect(screen.getByTestId("activity-empty").textContent).toContain("by owners and support staff");
    expect(screen.queryAllByRole("link")).toHaveLength(0);
  });

  it("under filters: a link that clears them, whatever the role", () => {
    render(<ActivityEmpty filtered role="lead" t={en} />);
    expect(screen.getByTestId("activity-empty").textContent).toContain("No entries match these filters.");
    expect(hrefOf("Clear filters")).toBe("/activity");
  });

  it("in Russian", () => {
    render(<ActivityEmpty filtered={false} role="owner" t={translator("ru")} />);
    expect(hrefOf("Найти контакт")).toBe("/contacts");
    expect(hrefOf("Массовые операции")).toBe("/adjustments");
  });
});
