"use client";

import { useSyncExternalStore } from "react";

const subscribe = () => () => {};

/** True once React runs in the browser: forms mark themselves `data-ready` so that tests (and people) do not act before. */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
