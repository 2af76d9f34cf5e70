"use client";

import type { ComponentType } from "react";
import { useHydrated } from "./use-hydrated";

const wrapped = new WeakMap<ComponentType<never>, ComponentType<never>>();

/**
 * An island: a part of a page rendered on the server whose code arrives after the page's own (next/dynamic). Until that
 * code runs, the server's HTML is on screen but answers nothing: a click does nothing, a typed value is lost when React
 * takes over. `island(Component, name)` wraps it in a fieldset that is disabled until then (every button and input in
 * it, from the first paint) and says `data-ready="true"` once it runs, under `data-island={name}`, for tests and tools.
 * Use it in the loader, so the wrapper comes with the island's code:
 * `dynamic(() => import("./panel").then((module) => island(module.Panel, "panel")))`.
 */
export function island<P extends object>(Component: ComponentType<P>, name: string): ComponentType<P> {
  const known = wrapped.get(Component as ComponentType<never>);
  if (known) return known as ComponentType<P>;
  function Island(props: P) {
    const ready = useHydrated();
    return (
      // A plain block: no border, padding or the fieldset's min-content width (which would let a wide table push the page sideways).
      <fieldset disabled={!ready} data-island={name} data-ready={ready} className="m-0 min-w-0 border-0 p-0">
        <Component {...props} />
      </fieldset>
    );
  }
  Island.displayName = `Island(${name})`;
  wrapped.set(Component as ComponentType<never>, Island as ComponentType<never>);
  return Island;
}
