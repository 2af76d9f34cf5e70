import { describe, expect, it, vi } from "vitest";
import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { WithI18n } from "@/components/testing/with-i18n";
import { ConfirmDialog } from "./confirm-dialog";

describe("ConfirmDialog", () => {
  it("with a typed confirmation, confirm stays disabled until the exact text is typed", async () => {
    const onConfirm = vi.fn();
    const user = userEvent.setup();
    render(
      <WithI18n>
        <ConfirmDialog
          open
          title="Delete the field “Notes”?"
          typed={{ expected: "notes", prompt: "Type the slug notes to confirm" }}
          confirmLabel="Delete field"
          cancelLabel="Cancel"
          onConfirm={onConfirm}
          onCancel={() => {}}
        />
      </WithI18n>,
    );
    const dialog = screen.getByRole("dialog", { name: "Delete the field “Notes”?" });
    const confirm = screen.getByRole("button", { name: "Delete field" }) as HTMLButtonElement;
    const input = screen.getByRole("textbox", { name: "Type the slug notes to confirm" });
    expect(dialog.hasAttribute("open")).toBe(true);
    expect(confirm.disabled).toBe(true);
    await user.type(input, "note");
    expect(confirm.disabled).toBe(true);
    await user.type(input, "S");
    expect(confirm.disabled).toBe(true);
    await user.type(input, "{Backspace}s");
    expect(confirm.disabled).toBe(false);
    await user.click(confirm);
    expect(onConfirm).toHaveBeenCalledWith("notes");
  });

  it("without one, confirm works at once and cancel cancels", async () => {
    const onConfirm = vi.fn();
    const onCancel = vi.fn();
    const user = userEvent.setup();
    render(
      <WithI18n>
        <ConfirmDialog open title="Remove the member?" confirmLabel="Remove" cancelLabel="Cancel" onConfirm={onConfirm} onCancel={onCancel} />
      </WithI18n>,
    );
    expect(screen.queryByRole("textbox")).toBeNull();
    await user.click(screen.getByRole("button", { name: "Cancel" }));
    expect(onCancel).toHaveBeenCalledTimes(1);
    await user.click(screen.getByRole("button", { name: "Remove" }));
    expect(onConfirm).toHaveBeenCalledTimes(1);
  });
});
