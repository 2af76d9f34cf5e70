import { describe, expect, it, vi } from "vitest";
import { render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { ActionResult } from "@/lib/core/actions/result";
import type { ConfirmView, TotalsView } from "@/lib/features/adjustments/views";
import type { Locale } from "@/lib/i18n/config";
import { descriptionOf } from "@/components/testing/aria";
import { WithI18n } from "@/components/testing/with-i18n";
import { translator } from "@/lib/i18n/translate";
import { ConfirmRun } from "./confirm-run";
import { TotalsTable } from "./totals-table";

/** USD: +1,500.50 −500.00 = 1,000.50; RUB: +10,000.50 = 10,000.50. */
const TOTALS: TotalsView = [
  { currency: "RUB", topUps: { count: 2, minor: "1000050" }, debits: { count: 0, minor: "0" } },
  { currency: "USD", topUps: { count: 3, minor: "150050" }, debits: { count: 1, minor: "50000" } },
];
const TYPE_TOTAL: ConfirmView = { threshold: "type_total", reason: { kind: "rows", limit: 1000 } };

function setup({
  locale = "en",
  totals = TOTALS,
  confirm = TYPE_TOTAL,
  action,
}: {
  locale?: Locale;
  totals?: TotalsView;
  confirm?: ConfirmView;
  action: () => Promise<ActionResult<unknown>>;
}) {
  render(
    <WithI18n locale={locale}>
      <ConfirmRun
        summary={{ totals, valid: 6, invalid: 2 }}
        totalsTable={<TotalsTable totals={totals} t={translator(locale)} locale={locale} />}
        confirm={confirm}
        action={action}
      />
    </WithI18n>,
  );
  return { user: userEvent.setup(), run: screen.getByTestId("confirm-run") as HTMLButtonElement };
}

describe("ConfirmRun", () => {
  it("English: Run is enabled only once every currency's typed net total equals the table's; the reason is beside it until then", async () => {
    const action = vi.fn(async (): Promise<ActionResult<unknown>> => ({ ok: true, data: null }));
    const { user, run } = setup({ action });
    expect(screen.getByRole("table", { name: "Totals per currency, valid rows only" })).toBeTruthy();
    expect(run.textContent).toBe("Run 6 rows");
    expect(run.disabled).toBe(true);
    expect(descriptionOf(run)).toBe("Run is available once the typed net change equals the table's for RUB and USD.");
    expect(screen.getByText("This batch has more than 1,000 rows: type each currency's net change as the table shows it.")).toBeTruthy();
    await user.type(screen.getByRole("textbox", { name: "Net change in USD" }), "1,000.50");
    expect(run.disabled).toBe(true);
    expect(descriptionOf(run)).toBe("Run is available once the typed net change equals the table's for RUB.");
    const rub = screen.getByRole("textbox", { name: "Net change in RUB" });
    await user.type(rub, "10,000.51");
    expect(run.disabled).toBe(true);
    await user.clear(rub);
    await user.type(rub, "10000.5");
    expect(run.disabled).toBe(false);
    expect(run.hasAttribute("aria-describedby")).toBe(false);
    await user.click(run);
    await waitFor(() => expect(run.textContent).toBe("Started"));
    expect(action).toHaveBeenCalledTimes(1);
  });

  it("Russian: 1 000,50 with a space or a no-break space is the total; a comma before three digits is a decimal comma", async () => {
    const action = vi.fn(async (): Promise<ActionResult<unknown>> => ({ ok: true, data: null }));
    const { user, run } = setup({ locale: "ru", action });
    expect(run.textContent).toBe("Выполнить 6 строк");
    const usd = screen.getByRole("textbox", { name: "Итоговое изменение в USD" });
    const rub = screen.getByRole("textbox", { name: "Итоговое изменение в RUB" });
    await user.type(rub, "10\u00a0000,50");
    // In Russian "1,000" is one with a fraction of three digits, too many for USD: not 1000.
    await user.type(usd, "1,000");
    expect(run.disabled).toBe(true);
    expect(descriptionOf(run)).toBe("Запуск станет доступен, когда введённое итоговое изменение совпадёт с таблицей для USD.");
    await user.clear(usd);
    await user.type(usd, "1 000,50");
    expect(run.disabled).toBe(false);
  });

  it("a net total that is negative is typed with its sign; pasted with the currency as shown it counts too", async () => {
    const action = vi.fn(async (): Promise<ActionResult<unknown>> => ({ ok: true, data: null }));
    const totals: TotalsView = [{ currency: "USD", topUps: { count: 1, minor: "1000" }, debits: { count: 2, minor: "51000" } }];
    const { user, run } = setup({ totals, action });
    expect(screen.getByText("The table shows -$500.00.")).toBeTruthy();
    const usd = screen.getByRole("textbox", { name: "Net change in USD" });
    await user.type(usd, "500.00");
    expect(run.disabled).toBe(true);
    await user.clear(usd);
    await user.type(usd, "-$500.00");
    expect(run.disabled).toBe(false);
  });

  it("below the threshold Run needs no typing; a double click sends once and a started run cannot be sent again", async () => {
    let finish: (result: ActionResult<unknown>) => void = () => {};
    const action = vi.fn(() => new Promise<ActionResult<unknown>>((resolve) => (finish = resolve)));
    const { user, run } = setup({ confirm: { threshold: "none", reason: null }, action });
    expect(screen.queryByRole("textbox")).toBeNull();
    expect(run.disabled).toBe(false);
    await user.dblClick(run);
    expect(run.disabled).toBe(true);
    expect(run.textContent).toBe("Starting…");
    finish({ ok: true, data: null });
    await waitFor(() => expect(run.textContent).toBe("Started"));
    expect(run.disabled).toBe(true);
    await user.click(run);
    expect(action).toHaveBeenCalledTimes(1);
  });

  it("a refusal is shown and Run can be tried again", async () => {
    const action = vi
      .fn<() => Promise<ActionResult<unknown>>>()
      .mockResolvedValueOnce({ ok: false, error: { kind: "conflict", message: "The batch changed: reload the page.", fieldErrors: {} } });
    const { user, run } = setup({ confirm: { threshold: "none", reason: null }, action });
    await user.click(run);
    expect((await screen.findByRole("alert")).textContent).toBe("The batch changed: reload the page.");
    expect(run.disabled).toBe(false);
  });

  it("a lost connection is said as such and Run can be tried again", async () => {
    const action = vi.fn<() => Promise<ActionResult<unknown>>>().mockRejectedValueOnce(new TypeError("Failed to fetch"));
    const { user, run } = setup({ confirm: { threshold: "none", reason: null }, action });
    await user.click(run);
    expect((await screen.findByRole("alert")).textContent).toBe("The connection to the dashboard was lost. Reload the page to see where the batch stands.");
    expect(run.disabled).toBe(false);
  });

  it("above the team's threshold: the code is asked inline, a wrong one said on its field, then the run is sent again once", async () => {
    const action = vi
      .fn<() => Promise<ActionResult<unknown>>>()
      .mockResolvedValueOnce({
        ok: false,
        error: { kind: "conflict", code: "step_up_required", message: "This amount needs a fresh code from your authenticator app.", fieldErrors: {} },
      })
      .mockResolvedValueOnce({ ok: true, data: null });
    const stepUpAction = vi
      .fn<(input: { code: string }) => Promise<ActionResult<unknown>>>()
      .mockResolvedValueOnce({
        ok: false,
        error: { kind: "validation", message: "That code is wrong or was already used.", fieldErrors: { code: ["That code is wrong or was already used."] } },
      })
      .mockResolvedValueOnce({ ok: true, data: { seconds: 300 } });
    render(
      <WithI18n>
        <ConfirmRun
          summary={{ totals: TOTALS, valid: 6, invalid: 0 }}
          totalsTable={null}
          confirm={{ threshold: "none", reason: null }}
          action={action}
          stepUpAction={stepUpAction}
        />
      </WithI18n>,
    );
    const user = userEvent.setup();
    const run = screen.getByTestId("confirm-run") as HTMLButtonElement;
    await user.click(run);
    const code = await screen.findByRole("textbox", { name: "Code from the app or a recovery code" });
    expect(screen.getByText("Confirm with a code")).toBeTruthy();
    await user.type(code, "123456");
    await user.click(screen.getByRole("button", { name: "Confirm and continue" }));
    expect(await screen.findByText("That code is wrong or was already used.")).toBeTruthy();
    expect(action).toHaveBeenCalledTimes(1);
    await user.clear(code);
    await user.type(code, "654321");
    await user.click(screen.getByRole("button", { name: "Confirm and continue" }));
    await waitFor(() => expect(run.textContent).toBe("Started"));
    expect(stepUpAction.mock.calls.map(([input]) => input.code)).toEqual(["123456", "654321"]);
    expect(action).toHaveBeenCalledTimes(2);
    expect(screen.queryByText("Confirm with a code")).toBeNull();
  });

  it("blocked by the page: disabled with the page's reason", () => {
    render(
      <WithI18n>
        <ConfirmRun
          summary={{ totals: TOTALS, valid: 6, invalid: 0 }}
          totalsTable={null}
          confirm={{ threshold: "none", reason: null }}
          action={vi.fn()}
          blockedReason="Tick “Upload it anyway” first."
        />
      </WithI18n>,
    );
    const run = screen.getByTestId("confirm-run") as HTMLButtonElement;
    expect(run.disabled).toBe(true);
    expect(descriptionOf(run)).toBe("Tick “Upload it anyway” first.");
  });
});
