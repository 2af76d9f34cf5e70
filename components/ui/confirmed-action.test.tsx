import { describe, expect, it } from "vitest";
import { render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { WithI18n } from "@/components/testing/with-i18n";
import { ConfirmedAction } from "./confirmed-action";

describe("ConfirmedAction", () => {
  it("asks first; confirming runs the work once, everything waits while it runs, then the dialog closes", async () => {
    const user = userEvent.setup();
    let finish!: () => void;
    let runs = 0;
    render(
      <WithI18n>
        <ConfirmedAction
          label="Remove"
          ariaLabel="Remove ann@example.com"
          title="Remove ann@example.com?"
          confirmLabel="Remove"
          cancelLabel="Cancel"
          onConfirm={() => {
            runs++;
            return new Promise<void>((resolve) => (finish = resolve));
          }}
        >
          She loses access at once.
        </ConfirmedAction>
      </WithI18n>,
    );
    const trigger = screen.getByRole("button", { name: "Remove ann@example.com" }) as HTMLButtonElement;
    expect(screen.queryByRole("dialog")).toBeNull();
    await user.click(trigger);
    const dialog = await screen.findByRole("dialog", { name: "Remove ann@example.com?" });
    expect(dialog.hasAttribute("open")).toBe(true);
    expect(runs).toBe(0);

    const confirm = screen.getAllByRole("button", { name: "Remove" }).find((button) => dialog.contains(button)) as HTMLButtonElement;
    await user.click(confirm);
    expect(runs).toBe(1);
    await waitFor(() => expect(trigger.disabled).toBe(true));
    expect(confirm.disabled).toBe(true);
    expect(dialog.hasAttribute("open")).toBe(true);

    finish();
    await waitFor(() => expect(dialog.hasAttribute("open")).toBe(false));
    expect(trigger.disabled).toBe(false);
    expect(runs).toBe(1);
  });

  it("cancel closes without running anything; a disabled trigger does not open", async () => {
    const user = userEvent.setup();
    let runs = 0;
    const { rerender } = render(
      <WithI18n>
        <ConfirmedAction label="Reset" title="Reset?" confirmLabel="Reset" cancelLabel="Cancel" onConfirm={async () => void runs++}>
          Sure?
        </ConfirmedAction>
      </WithI18n>,
    );
    await user.click(screen.getByRole("button", { name: "Reset" }));
    const dialog = await screen.findByRole("dialog", { name: "Reset?" });
    await user.click(screen.getByRole("button", { name: "Cancel" }));
    await waitFor(() => expect(dialog.hasAttribute("open")).toBe(false));
    expect(runs).toBe(0);

    rerender(
      <WithI18n>
        <ConfirmedAction label="Reset" title="Reset?" confirmLabel="Reset" cancelLabel="Cancel" disabled onConfirm={async () => void runs++}>
          Sure?
        </ConfirmedAction>
      </WithI18n>,
    );
    const trigger = screen.getAllByRole("button", { name: "Reset" }).find((button) => !dialog.contains(button)) as HTMLButtonElement;
    expect(trigger.disabled).toBe(true);
  });
});
