import { afterEach, describe, expect, it } from "vitest";
import { cleanup, render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState } from "react";
import { hydrateRoot } from "react-dom/client";
import { renderToString } from "react-dom/server";
import { act } from "react";
import { island } from "./island";

function Counter({ label }: { label: string }) {
  const [count, setCount] = useState(0);
  return (
    <div>
      <input aria-label="Name" />
      <button type="button" onClick={() => setCount(count + 1)}>
        {label} {count}
      </button>
    </div>
  );
}

const CounterIsland = island(Counter, "counter");

afterEach(cleanup);

describe("island", () => {
  it("is disabled and not ready in the server's HTML: a click or a keystroke before its code runs is refused, not lost", () => {
    const html = renderToString(<CounterIsland label="Add" />);
    const container = document.createElement("div");
    container.innerHTML = html;
    const fieldset = container.querySelector("fieldset")!;
    expect(fieldset.getAttribute("data-island")).toBe("counter");
    expect(fieldset.getAttribute("data-ready")).toBe("false");
    expect(fieldset.disabled).toBe(true);
    expect(container.querySelector("button")!.matches(":disabled")).toBe(true);
    expect(container.querySelector("input")!.matches(":disabled")).toBe(true);
  });

  it("takes input once React runs it, after hydrating the server's HTML", async () => {
    const container = document.createElement("div");
    container.innerHTML = renderToString(<CounterIsland label="Add" />);
    document.body.appendChild(container);
    await act(async () => void hydrateRoot(container, <CounterIsland label="Add" />));
    const fieldset = container.querySelector("fieldset")!;
    expect(fieldset.getAttribute("data-ready")).toBe("true");
    expect(fieldset.disabled).toBe(false);
    await userEvent.click(screen.getByRole("button", { name: "Add 0" }));
    expect((screen.getByRole("button", { name: "Add 1" }) as HTMLButtonElement).disabled).toBe(false);
    container.remove();
  });

  it("wraps a component once: the same island each time, so React keeps its state across renders", async () => {
    expect(island(Counter, "counter")).toBe(CounterIsland);
    const { rerender } = render(<CounterIsland label="Add" />);
    await userEvent.click(screen.getByRole("button", { name: "Add 0" }));
    rerender(<CounterIsland label="Plus" />);
    expect(screen.getByRole("button", { name: "Plus 1" }).textContent).toBe("Plus 1");
  });
});
