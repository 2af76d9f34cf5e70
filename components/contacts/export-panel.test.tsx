import { describe, expect, it } from "vitest";
import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { QueryClientProvider } from "@tanstack/react-query";
import { WithI18n } from "@/components/testing/with-i18n";
import { permissionExplanation } from "@/lib/auth/authorize";
import { NO_FILTERS } from "@/lib/features/contacts/browser-params";
import { createQueryClient } from "@/lib/dashboard/queries/query-client";
import { translator } from "@/lib/i18n/translate";
import { ExportPanel } from "./export-panel";

function renderPanel(props: { total: number | null; denied: string | null }) {
  render(
    <WithI18n locale="en">
      <QueryClientProvider client={createQueryClient()}>
        <ExportPanel filters={NO_FILTERS} timeZone="UTC" withSearch botName={(id) => `Bot ${id}`} {...props} />
      </QueryClientProvider>
    </WithI18n>,
  );
}

describe("ExportPanel", () => {
  it("a member who may not export: Export is disabled and described by the reason, shown beside it", () => {
    const reason = permissionExplanation("contacts.export", "support", translator("en"));
    renderPanel({ total: 120, denied: reason });
    const button = screen.getByRole("button", { name: "Export" }) as HTMLButtonElement;
    expect(button.disabled).toBe(true);
    const described = document.getElementById(button.getAttribute("aria-describedby") ?? "");
    expect(described?.textContent).toBe(reason);
    expect(reason).toMatch(/owner/i);
  });

  it("the dialog says how many contacts it writes; with none to write, Start is disabled with the reason", async () => {
    const user = userEvent.setup();
    renderPanel({ total: 0, denied: null });
    await user.click(screen.getByRole("button", { name: "Export" }));
    const dialog = screen.getByRole("dialog");
    const start = within(dialog).getByTestId("export-start") as HTMLButtonElement;
    expect(start.disabled).toBe(true);
    expect(document.getElementById(start.getAttribute("aria-describedby") ?? "")?.textContent).toBe("Nothing to export: no contacts match.");
  });

  it("with contacts to write: the count, and Start enabled", async () => {
    const user = userEvent.setup();
    renderPanel({ total: 1234, denied: null });
    await user.click(screen.getByRole("button", { name: "Export" }));
    const dialog = screen.getByRole("dialog");
    expect(within(dialog).getByTestId("export-count").textContent).toContain("1,234");
    expect((within(dialog).getByTestId("export-start") as HTMLButtonElement).disabled).toBe(false);
  });
});
