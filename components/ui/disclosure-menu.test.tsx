import { describe, expect, it } from "vitest";
import { act, fireEvent, render, screen } from "@testing-library/react";
import { DisclosureMenu } from "./disclosure-menu";

function renderMenu() {
  render(
    <>
      <DisclosureMenu summary="Filters" testId="menu">
        <input aria-label="Inside" />
      </DisclosureMenu>
      <p>Outside</p>
    </>,
  );
  const details = screen.getByTestId("menu") as HTMLDetailsElement;
  const open = () =>
    act(() => {
      details.open = true;
      fireEvent(details, new Event("toggle"));
    });
  return { details, open };
}

describe("DisclosureMenu", () => {
  it("Escape closes it and gives the focus back to its button", () => {
    const { details, open } = renderMenu();
    open();
    screen.getByLabelText("Inside").focus();
    fireEvent.keyDown(document, { key: "Escape" });
    expect(details.open).toBe(false);
    expect(document.activeElement).toBe(screen.getByText("Filters"));
  });

  it("a click outside closes it; a click inside keeps it open", () => {
    const { details, open } = renderMenu();
    open();
    fireEvent.pointerDown(screen.getByLabelText("Inside"));
    expect(details.open).toBe(true);
    fireEvent.pointerDown(screen.getByText("Outside"));
    expect(details.open).toBe(false);
  });
});
