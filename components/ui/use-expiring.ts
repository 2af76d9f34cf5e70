"use client";

import { useEffect, useState } from "react";

/** How long a success message stays when nothing else happens. */
const NOTICE_MS = 10_000;

/**
 * A success message that goes away when it is stale: after a few seconds, or
 * as soon as the next form on the page is sent (the next action has its own
 * outcome). Errors are not for this: they stay until the person acts on them.
 */
export function useExpiring<T>(initial: T | null = null): [T | null, (value: T | null) => void] {
  const [value, setValue] = useState<T | null>(initial);
  useEffect(() => {
    if (value === null) return;
    const clear = () => setValue(null);
    const timer = window.setTimeout(clear, NOTICE_MS);
    document.addEventListener("submit", clear, true);
    return () => {
      window.clearTimeout(timer);
      document.removeEventListener("submit", clear, true);
    };
  }, [value]);
  return [value, setValue];
}
