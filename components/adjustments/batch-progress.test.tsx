import { describe, expect, it, vi } from "vitest";
import { render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { ActionResult } from "@/lib/core/actions/result";
import type { BatchProgressView } from "@/lib/features/adjustments/views";
import type { Locale } from "@/lib/i18n/config";
import { WithI18n } from "@/components/testing/with-i18n";
import { BatchProgress } from "./batch-progress";

const PROGRESS: BatchProgressView = { total: 12345, done: 4321, ok: 4300, failed: 15, unknown: 6, cancelled: 0 };

function setup({
  locale = "en",
  onCancel = async () => ({ ok: true, data: null }),
  ...props
}: Partial<Parameters<typeof BatchProgress>[0]> & { locale?: Locale } = {}) {
  render(
    <WithI18n locale={locale}>
      <BatchProgress status="running" progress={PROGRESS} etaSeconds={125} waitReason={null} waitSeconds={null} onCancel={onCancel} {...props} />
    </WithI18n>,
  );
  return userEvent.setup();
}

describe("BatchProgress", () => {
  it("the progress bar carries rows done of rows to run, in numbers and in words", () => {
    setup();
    const bar = screen.getByRole("progressbar", { name: "Rows done" });
    expect(bar.getAttribute("aria-valuemin")).toBe("0");
    expect(bar.getAttribute("aria-valuemax")).toBe("12345");
    expect(bar.getAttribute("aria-valuenow")).toBe("4321");
    expect(bar.getAttribute("aria-valuetext")).toBe("4,321 of 12,345 rows done");
    expect((bar.firstElementChild as HTMLElement).style.width).toBe("35%");
    expect(screen.getByTestId("count-ok").textContent).toBe("Applied4,300");
    expect(screen.getByTestId("count-failed").textContent).toBe("Refused15");
    expect(screen.getByTestId("count-unknown").textContent).toBe("Unknown6");
    expect(screen.getByTestId("progress-eta").textContent).toBe("About 2 min 5 sec left.");
    expect(screen.queryByTestId("progress-wait")).toBeNull();
  });

  it("in Russian, with the reason it waits in words", () => {
    setup({ locale: "ru", waitReason: "budget_reserve", waitSeconds: 4, etaSeconds: null });
    expect(screen.getByRole("progressbar", { name: "Выполнено строк" }).getAttribute("aria-valuetext")).toBe("Выполнено 4\u00a0321 из 12\u00a0345 строк");
    expect(screen.getByTestId("progress-wait").textContent).toBe("Пауза, чтобы оставить запросы для работы в панели. Продолжим через 4 с.");
    expect(screen.getByTestId("progress-eta").textContent).toBe("Оцениваем оставшееся время…");
  });

  it("Cancel asks first; keeping the run calls nothing; confirming calls the action once, even clicked twice", async () => {
    let finish: (result: ActionResult<unknown>) => void = () => {};
    const onCancel = vi.fn(() => new Promise<ActionResult<unknown>>((resolve) => (finish = resolve)));
    const user = setup({ onCancel });
    await user.click(screen.getByRole("button", { name: "Cancel the run" }));
    // The dialog loads on its first opening.
    const dialog = await screen.findByRole("dialog", { name: "Cancel this batch?" });
    expect(dialog.hasAttribute("open")).toBe(true);
    await user.click(within(dialog).getByRole("button", { name: "Keep running" }));
    expect(dialog.hasAttribute("open")).toBe(false);
    expect(onCancel).not.toHaveBeenCalled();

    await user.click(screen.getByRole("button", { name: "Cancel the run" }));
    const confirm = within(dialog).getByRole("button", { name: "Cancel the batch" });
    await user.dblClick(confirm);
    expect(within(dialog).getByRole("button", { name: "Cancelling…" })).toHaveProperty("disabled", true);
    finish({ ok: true, data: null });
    await waitFor(() => expect(dialog.hasAttribute("open")).toBe(false));
    expect(onCancel).toHaveBeenCalledTimes(1);
    const cancel = screen.getByTestId("batch-cancel") as HTMLButtonElement;
    expect(cancel.disabled).toBe(true);
    expect(screen.getByText("Cancellation requested: the rows on their way finish first.").id).toBe(cancel.getAttribute("aria-describedby"));
  });

  it("a refused cancel is shown in the dialog, which stays open", async () => {
    const user = setup({ onCancel: async () => ({ ok: false, error: { kind: "forbidden", message: "Requires the role admin.", fieldErrors: {} } }) });
    await user.click(screen.getByRole("button", { name: "Cancel the run" }));
    await user.click(screen.getByRole("button", { name: "Cancel the batch" }));
    // The dialog loads on its first opening.
    const dialog = await screen.findByRole("dialog", { name: "Cancel this batch?" });
    expect((await within(dialog).findByRole("alert")).textContent).toBe("Requires the role admin.");
    expect(dialog.hasAttribute("open")).toBe(true);
  });

  it("a batch that no longer runs has no Cancel and no time left; refreshing marks the section busy", () => {
    setup({ status: "finished", refreshing: true });
    expect(screen.queryByRole("button", { name: "Cancel the run" })).toBeNull();
    expect(screen.queryByTestId("progress-eta")).toBeNull();
    expect(screen.getByTestId("batch-progress").getAttribute("aria-busy")).toBe("true");
    expect(screen.getByTestId("batch-status").textContent).toBe("Finished");
  });
});
