import type { ComponentType } from "react";
import dynamic from "next/dynamic";

/** What `lazyComponent` makes: the component, its loader to start early, and the props that start it. */
export type LazyComponent<P> = {
  /** Renders the component once its code has loaded (next/dynamic). */
  Component: ComponentType<P>;
  /** Starts loading the code without rendering it; a failed load is left for the render to retry. */
  preload: () => void;
  /** For the control that opens the component: its code starts loading when the pointer or focus reaches it. */
  preloadProps: { onPointerEnter: () => void; onFocus: () => void };
};

/**
 * A component whose code loads on first use, not with the page, and can be preloaded on the way there:
 * `const Panel = lazyComponent(() => import("./panel").then((module) => module.Panel))`, then
 * `<button {...Panel.preloadProps}>` and `<Panel.Component />`. `load` is the chunk's `import()`: the bundler splits
 * the module there, and a second call returns the same module. `{ ssr: false }` renders it in the browser only.
 */
export function lazyComponent<P>(load: () => Promise<ComponentType<P>>, options?: { ssr: false }): LazyComponent<P> {
  // next/dynamic's compile step accepts options only as an object literal, hence the two calls.
  const Component = options?.ssr === false ? dynamic(load, { ssr: false }) : dynamic(load);
  const preload = () => void load().catch(() => {});
  return { Component, preload, preloadProps: { onPointerEnter: preload, onFocus: preload } };
}
