import { fireEvent, render, screen } from "@testing-library/react";
import { describe, expect, test } from "vitest";
import { lazyComponent } from "./lazy-component";

function Greeting({ name }: { name: string }) {
  return <p>Hello, {name}</p>;
}

/** A loader that counts its calls and resolves when told to (a chunk on a slow network). */
function slowLoader() {
  const calls = { count: 0, release: () => {} };
  const arrived = new Promise<void>((resolve) => (calls.release = resolve));
  const load = () => (calls.count++, arrived.then(() => Greeting));
  return { calls, load };
}

describe("lazyComponent", () => {
  test("pointer or focus on the opener starts the load before the component renders", () => {
    const { calls, load } = slowLoader();
    const lazy = lazyComponent(load);
    render(<button {...lazy.preloadProps}>Open</button>);
    expect(calls.count).toBe(0);
    fireEvent.pointerEnter(screen.getByRole("button", { name: "Open" }));
    expect(calls.count).toBe(1);
    fireEvent.focus(screen.getByRole("button", { name: "Open" }));
    expect(calls.count).toBe(2);
  });

  test("the component renders with its props once its code has arrived", async () => {
    const { calls, load } = slowLoader();
    const { Component } = lazyComponent(load);
    render(<Component name="Anna" />);
    expect(screen.queryByText("Hello, Anna")).toBeNull();
    calls.release();
    expect(await screen.findByText("Hello, Anna")).toBeTruthy();
  });

  test("a failed preload is not an unhandled rejection", async () => {
    const lazy = lazyComponent<{ name: string }>(() => Promise.reject(new Error("chunk failed")));
    const unhandled: unknown[] = [];
    const onUnhandled = (reason: unknown) => unhandled.push(reason);
    process.on("unhandledRejection", onUnhandled);
    lazy.preload();
    await new Promise((resolve) => setTimeout(resolve, 10));
    process.off("unhandledRejection", onUnhandled);
    expect(unhandled).toEqual([]);
  });
});
