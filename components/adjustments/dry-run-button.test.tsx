import { describe, expect, it, vi } from "vitest";
import { render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { ActionResult } from "@/lib/core/actions/result";
import { descriptionOf } from "@/components/testing/aria";
import { WithI18n } from "@/components/testing/with-i18n";
import { DryRunButton } from "./dry-run-button";

describe("DryRunButton", () => {
  it("starts the check once per click, even double-clicked, and reports it", async () => {
    let finish: (result: ActionResult<unknown>) => void = () => {};
    const action = vi.fn(() => new Promise<ActionResult<unknown>>((resolve) => (finish = resolve)));
    const onStarted = vi.fn();
    render(
      <WithI18n>
        <DryRunButton action={action} onStarted={onStarted} checking={false} />
      </WithI18n>,
    );
    const user = userEvent.setup();
    await user.dblClick(screen.getByRole("button", { name: "Check against the platform" }));
    expect(screen.getByRole("button", { name: "Starting the check…" })).toHaveProperty("disabled", true);
    finish({ ok: true, data: null });
    await waitFor(() => expect(onStarted).toHaveBeenCalledTimes(1));
    expect(action).toHaveBeenCalledTimes(1);
  });

  it("while a check runs it is disabled with the reason; a refusal is shown", async () => {
    const { rerender } = render(
      <WithI18n>
        <DryRunButton action={vi.fn()} checking checkedBefore />
      </WithI18n>,
    );
    const button = screen.getByRole("button", { name: "Check again" }) as HTMLButtonElement;
    expect(button.disabled).toBe(true);
    expect(descriptionOf(button)).toBe("The check is running; this page shows its findings when it is done.");
    rerender(
      <WithI18n>
        <DryRunButton
          action={async () => ({ ok: false, error: { kind: "conflict", message: "A check is already running.", fieldErrors: {} } })}
          checking={false}
        />
      </WithI18n>,
    );
    await userEvent.click(screen.getByRole("button", { name: "Check against the platform" }));
    expect((await screen.findByRole("alert")).textContent).toBe("A check is already running.");
  });
});
