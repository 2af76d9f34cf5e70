import { describe, expect, it } from "vitest";
import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { Popover } from "./popover";

function Toolbar() {
  return (
    <>
      <Popover label="Filters">
        {(close) => (
          <>
            <label>
              Bot <input />
            </label>
            <button onClick={close}>Done</button>
          </>
        )}
      </Popover>
      <button>Elsewhere</button>
    </>
  );
}

describe("Popover", () => {
  it("the button opens and closes its panel and says whether it is open", async () => {
    render(<Toolbar />);
    const button = screen.getByRole("button", { name: "Filters" });
    expect(button.getAttribute("aria-expanded")).toBe("false");
    expect(screen.queryByRole("textbox", { name: "Bot" })).toBeNull();
    await userEvent.click(button);
    expect(button.getAttribute("aria-expanded")).toBe("true");
    expect(screen.getByRole("textbox", { name: "Bot" })).toBeTruthy();
    await userEvent.click(button);
    expect(screen.queryByRole("textbox", { name: "Bot" })).toBeNull();
  });

  it("Escape closes it and gives the focus back to the button; a press outside closes it; close() from inside too", async () => {
    render(<Toolbar />);
    const button = screen.getByRole("button", { name: "Filters" });
    await userEvent.click(button);
    await userEvent.click(screen.getByRole("textbox", { name: "Bot" }));
    await userEvent.keyboard("{Escape}");
    expect(screen.queryByRole("textbox", { name: "Bot" })).toBeNull();
    expect(document.activeElement).toBe(button);

    await userEvent.click(button);
    await userEvent.click(screen.getByRole("button", { name: "Elsewhere" }));
    expect(screen.queryByRole("textbox", { name: "Bot" })).toBeNull();

    await userEvent.click(button);
    await userEvent.click(screen.getByRole("button", { name: "Done" }));
    expect(screen.queryByRole("textbox", { name: "Bot" })).toBeNull();
    expect(document.activeElement).toBe(button);
  });
});
