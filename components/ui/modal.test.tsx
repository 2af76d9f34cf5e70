import { describe, expect, it } from "vitest";
import { useState } from "react";
import { render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { Modal } from "./modal";

function Opener() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button onClick={() => setOpen(true)}>Open</button>
      <Modal open={open} onCancel={() => setOpen(false)} labelledBy="title">
        <h2 id="title">Title</h2>
        <button onClick={() => setOpen(false)}>Close</button>
      </Modal>
    </>
  );
}

describe("Modal", () => {
  it("opens as a labelled dialog and gives the focus back to what had it when it closes", async () => {
    const user = userEvent.setup();
    render(<Opener />);
    await user.click(screen.getByRole("button", { name: "Open" }));
    const dialog = screen.getByRole("dialog", { name: "Title" });
    expect(dialog.hasAttribute("open")).toBe(true);
    screen.getByRole("button", { name: "Close" }).focus();
    await user.click(screen.getByRole("button", { name: "Close" }));
    expect(dialog.hasAttribute("open")).toBe(false);
    expect(document.activeElement).toBe(screen.getByRole("button", { name: "Open" }));
  });

  it("Escape (the dialog's cancel event) asks to close", async () => {
    const user = userEvent.setup();
    render(<Opener />);
    await user.click(screen.getByRole("button", { name: "Open" }));
    const dialog = screen.getByRole("dialog", { name: "Title" });
    const cancel = new Event("cancel", { cancelable: true });
    dialog.dispatchEvent(cancel);
    // The browser's own closing is prevented: the dialog closes when its owner says so.
    expect(cancel.defaultPrevented).toBe(true);
    await waitFor(() => expect(dialog.hasAttribute("open")).toBe(false));
  });
});
