/** How long a command waits for the page (perhaps a new one) to show what it focuses. */
const WAIT_MS = 8_000;

/** Waits for the first element of `find` to exist (the page may still be loading); null after WAIT_MS. */
function whenShown(find: () => HTMLElement | null): Promise<HTMLElement | null> {
  const started = performance.now();
  return new Promise((resolve) => {
    const look = () => {
      const element = find();
      if (element || performance.now() - started > WAIT_MS) return resolve(element);
      setTimeout(look, 50);
    };
    look();
  });
}

const first = (selector: string) => document.querySelector<HTMLElement>(selector);

function bringIntoView(element: HTMLElement) {
  element.scrollIntoView({ block: "center" });
  element.focus();
}

/**
 * "Export contacts": the contact browser's Export button (components/contacts/export-panel.tsx) opens its dialog, whose
 * first option gets the focus. A role that may not export is shown the button, disabled, with the reason beside it.
 */
export async function openExport() {
  const button = await whenShown(() => first("[data-export-open]"));
  if (!button) return;
  if (button.matches(":disabled")) bringIntoView(button);
  else button.click();
}

/**
 * "Top up this contact": the ledger panel's form of that kind, opened with the
 * first account's button when it is not open yet, its amount focused. Without
 * an account that allows it, the panel itself is brought into view.
 */
export async function focusLedgerForm(movement: "top_up" | "debit") {
  const panel = await whenShown(() => first('[data-testid="ledger-panel"]'));
  const amount = () => first(`[data-testid="form-${movement}"] input`);
  const opener = first(`[data-ledger-open="${movement}"]:not(:disabled)`);
  if (!amount() && opener) opener.click();
  const input = amount() ?? (opener ? await whenShown(amount) : null);
  if (input) bringIntoView(input);
  else panel?.scrollIntoView({ block: "start" });
}
