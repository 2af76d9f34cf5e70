import { beforeAll, describe, expect, it } from "vitest";
import { render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { QueryClientProvider } from "@tanstack/react-query";
import { WithI18n } from "@/components/testing/with-i18n";
import { WithAppRouter, type RecordedRouter } from "@/components/testing/with-app-router";
import { DashboardProviders } from "@/components/shell/providers";
import { permissionsOf, type Role } from "@/lib/auth/permissions";
import { createQueryClient } from "@/lib/dashboard/queries/query-client";
import type { Locale } from "@/lib/i18n/config";
import type { PaletteSearchResult } from "@/lib/features/palette/search-result";
import { serveJsonToTheBrowser } from "@/lib/testing/json-server";
import PaletteDialogs, { type PaletteMode } from "./palette-dialogs";

beforeAll(() => {
  // cmdk scrolls the chosen option into view and measures the list: only these browser methods are stubbed.
  Element.prototype.scrollIntoView = function scrollIntoView() {};
  globalThis.ResizeObserver ??= class {
    observe() {}
    unobserve() {}
    disconnect() {}
  };
});

const server = serveJsonToTheBrowser();

function renderPalette({
  role,
  pathname = "/contacts",
  mode = "commands",
  locale = "en",
}: {
  role: Role;
  pathname?: string;
  mode?: PaletteMode;
  locale?: Locale;
}) {
  const router: RecordedRouter = { visited: [] };
  const modes: (PaletteMode | null)[] = [];
  const viewer = { id: 1, email: `${role}@example.com`, name: role, role, permissions: permissionsOf(role) };
  render(
    <WithAppRouter pathname={pathname} router={router}>
      <WithI18n locale={locale}>
        {/* A cache of its own per test: a search answered in one test is not another's. */}
        <QueryClientProvider client={createQueryClient()}>
          <DashboardProviders viewer={viewer}>
            <PaletteDialogs mode={mode} onMode={(next) => void modes.push(next)} modifier="Ctrl" />
          </DashboardProviders>
        </QueryClientProvider>
      </WithI18n>
    </WithAppRouter>,
  );
  return { router, modes };
}

const options = () => screen.queryAllByRole("option").map((option) => option.textContent);
const box = () => screen.getByRole("combobox");

describe("command palette: what a role is offered", () => {
  it("owner: every page, New list, export, and on a contact's page top-up and debit", () => {
    renderPalette({ role: "owner", pathname: "/contacts/42" });
    expect(options()).toEqual([
      "OverviewGthenO",
      "ContactsGthenC",
      "ListsGthenL",
      "Bulk adjustments",
      "ActivityGthenA",
      "SettingsGthenS",
      "API reference",
      "Exports",
      "New list",
      "Export contacts",
      "Top up this contact",
      "Debit this contact",
      "Keyboard shortcuts?",
    ]);
  });

  it("lead: New list, but no top-up or debit of the contact, nor bulk adjustments", () => {
    renderPalette({ role: "lead", pathname: "/contacts/42" });
    expect(options()).toContain("New list");
    expect(options()).not.toContain("Bulk adjustments");
    expect(options()).not.toContain("Top up this contact");
    expect(options()).not.toContain("Debit this contact");
  });

  it("support: top-up and debit of the contact, but no New list", () => {
    renderPalette({ role: "support", pathname: "/contacts/42" });
    expect(options()).not.toContain("New list");
    expect(options()).toContain("Top up this contact");
    expect(options()).toContain("Debit this contact");
  });

  it("top-up and debit are offered only on a contact's page", () => {
    renderPalette({ role: "owner", pathname: "/lists" });
    expect(options()).not.toContain("Top up this contact");
  });
});

describe("command palette: typing and choosing", () => {
  it("typing filters the commands; Enter opens the chosen page", async () => {
    server.answer = () => ({ body: { contacts: [], contactSearch: "platform", lists: [] } satisfies PaletteSearchResult });
    const { router } = renderPalette({ role: "lead" });
    const user = userEvent.setup();
    await user.type(box(), "lists");
    expect(options()).toEqual(["ListsGthenL"]);
    await user.keyboard("{Enter}");
    expect(router.visited).toEqual(["/lists"]);
  });

  it("contacts and lists come from the palette's search once typing pauses, named with their bot", async () => {
    server.answer = () => ({
      body: {
        contacts: [{ id: 7, name: "Ivanna Petrova", bot: "Shop bot (Online shop)", href: "/contacts/7?bot=101&created=1700000000" }],
        contactSearch: "platform",
        lists: [{ id: "a1", name: "Ivanovo orders", href: "/lists/a1" }],
      } satisfies PaletteSearchResult,
    });
    const { router } = renderPalette({ role: "owner" });
    const user = userEvent.setup();
    await user.type(box(), "ivan");
    const contact = await screen.findByRole("option", { name: /Ivanna Petrova/ });
    expect(contact.textContent).toBe("Ivanna Petrova" + "on Shop bot (Online shop)");
    expect(screen.getByRole("option", { name: "Ivanovo orders" })).toBeTruthy();
    // One request for the pause, not one per keystroke.
    expect(server.requests).toEqual(["/api/dashboard/palette?q=ivan"]);
    await waitFor(() => expect(contact.getAttribute("aria-selected")).toBe("true"));
    await user.keyboard("{Enter}");
    expect(router.visited).toEqual(["/contacts/7?bot=101&created=1700000000"]);
  });

  it("without the search extension, a text finds no contacts and the palette says why", async () => {
    server.answer = () => ({ body: { contacts: [], contactSearch: "none", lists: [] } satisfies PaletteSearchResult });
    renderPalette({ role: "owner" });
    await userEvent.setup().type(box(), "ivan");
    expect((await screen.findByTestId("palette-search-note")).textContent).toContain("type a contact's id");
    expect(screen.getByText("Nothing found.")).toBeTruthy();
  });

  it("every role is offered the API reference, which opens /docs/api", async () => {
    server.answer = () => ({ body: { contacts: [], contactSearch: "platform", lists: [] } satisfies PaletteSearchResult });
    const { router } = renderPalette({ role: "support" });
    const user = userEvent.setup();
    await user.type(box(), "API ref");
    expect(options()).toEqual(["API reference"]);
    await user.keyboard("{Enter}");
    expect(router.visited).toEqual(["/docs/api"]);
  });

  it("Keyboard shortcuts switches to the shortcuts' list", async () => {
    const { modes } = renderPalette({ role: "owner" });
    const user = userEvent.setup();
    await user.type(box(), "shortcuts");
    await user.keyboard("{Enter}");
    expect(modes).toEqual(["shortcuts"]);
  });

  it("speaks Russian", () => {
    renderPalette({ role: "owner", locale: "ru" });
    expect(screen.getByRole("option", { name: /Списки/ })).toBeTruthy();
    expect(screen.getByRole("option", { name: "Новый список" })).toBeTruthy();
  });
});

describe("shortcuts dialog", () => {
  it("lists the palette, itself and a `g` shortcut for each page the role may open", () => {
    renderPalette({ role: "support", mode: "shortcuts" });
    const list = within(screen.getByTestId("shortcuts"));
    expect(list.getByText("Open the command palette")).toBeTruthy();
    expect(list.getByText("Show these shortcuts")).toBeTruthy();
    expect(list.getAllByText(/^Go to /).map((term) => term.textContent)).toEqual([
      "Go to Overview",
      "Go to Contacts",
      "Go to Lists",
      "Go to Activity",
      "Go to Settings",
    ]);
  });
});
