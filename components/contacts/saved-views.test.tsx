import { describe, expect, it } from "vitest";
import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { ReactNode } from "react";
import { I18nProvider } from "@/components/shell/i18n-provider";
import { messages } from "@/lib/i18n/messages";
import { SavedViews } from "./saved-views";

const inEnglish = (ui: ReactNode) =>
  render(
    <I18nProvider locale="en" dictionary={messages.en} timeZone="UTC">
      {ui}
    </I18nProvider>,
  );

/** The views live in a menu of the page header: its button opens it. */
const openMenu = (name = "Saved views") => userEvent.click(screen.getByRole("button", { name }));

const VIEWS = [
  { id: 1, name: "Newest", query: "?sort=-created_at" },
  { id: 2, name: "Shop bot", query: "?bot=101" },
];

describe("SavedViews", () => {
  it("lists each view as a link to the browser with its filters; the one shown now is marked and names the menu", async () => {
    inEnglish(<SavedViews initialViews={VIEWS} currentQuery="?bot=101" />);
    await openMenu("Saved views: Shop bot");
    const list = screen.getByRole("list", { name: "Saved views" });
    const links = within(list).getAllByRole("link");
    expect(links.map((link) => [link.textContent, link.getAttribute("href"), link.getAttribute("aria-current")])).toEqual([
      ["Newest", "/contacts?sort=-created_at", null],
      ["Shop bot", "/contacts?bot=101", "page"],
    ]);
    expect(screen.getByRole("button", { name: "Rename “Newest”" })).toBeTruthy();
    expect(screen.getByRole("button", { name: "Delete “Shop bot”" })).toBeTruthy();
  });

  it("without views it says how to make one", async () => {
    inEnglish(<SavedViews initialViews={[]} currentQuery="" />);
    await openMenu();
    expect(screen.getByText("No saved views yet: set filters or an order, then save them as a view.")).toBeTruthy();
  });

  it("the name form checks in the browser: required, at most 80 characters, the error on the field", async () => {
    inEnglish(<SavedViews initialViews={VIEWS} currentQuery="" />);
    await openMenu();
    await userEvent.click(screen.getByRole("button", { name: "Save view" }));
    // The form loads on first use.
    const name = await screen.findByLabelText("View name");
    expect(document.activeElement).toBe(name);
    await userEvent.click(screen.getByRole("button", { name: "Save view" }));
    expect(await screen.findByText("Fill in this field.")).toBeTruthy();
    expect(name.getAttribute("aria-invalid")).toBe("true");
    await userEvent.type(name, "x".repeat(81));
    await userEvent.click(screen.getByRole("button", { name: "Save view" }));
    expect(await screen.findByText("At most 80 characters.")).toBeTruthy();
    await userEvent.click(screen.getByRole("button", { name: "Cancel" }));
    expect(screen.queryByLabelText("View name")).toBeNull();
  });

  it("rename opens the form with the view's name", async () => {
    inEnglish(<SavedViews initialViews={VIEWS} currentQuery="" />);
    await openMenu();
    await userEvent.click(screen.getByRole("button", { name: "Rename “Newest”" }));
    expect(((await screen.findByLabelText("View name")) as HTMLInputElement).value).toBe("Newest");
    expect(screen.getByRole("form", { name: "Rename “Newest”" })).toBeTruthy();
  });
});
