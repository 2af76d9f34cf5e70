"use client";

import { useEffect, useRef, type RefObject } from "react";

/**
 * The one way an open menu or panel here closes besides its own button: Escape (`dismiss(true)`: the focus goes back to
 * the button) or a press outside `root` (`dismiss(false)`: the focus stays where the press put it). Listens only while
 * `open`. An Escape another handler has taken (a dialog inside, preventDefault) is left alone.
 */
export function useDismiss(open: boolean, root: RefObject<HTMLElement | null>, dismiss: (returnFocus: boolean) => void): void {
  const latest = useRef(dismiss);
  useEffect(() => {
    latest.current = dismiss;
  });
  useEffect(() => {
    if (!open) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === "Escape" && !event.defaultPrevented) latest.current(true);
    };
    const onPointerDown = (event: PointerEvent) => {
      if (root.current && !root.current.contains(event.target as Node)) latest.current(false);
    };
    document.addEventListener("keydown", onKeyDown);
    document.addEventListener("pointerdown", onPointerDown);
    return () => {
      document.removeEventListener("keydown", onKeyDown);
      document.removeEventListener("pointerdown", onPointerDown);
    };
  }, [open, root]);
}
