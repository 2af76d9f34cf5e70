import { loadOnce } from "@/lib/core/load-once";

export type SlugFromName = typeof import("./slug").slugFromName;

/**
 * Loads the slug suggester (./slug: @sindresorhus/slugify with its transliteration tables and the reserved slugs, in a
 * chunk of its own) after the page: when the form that suggests slugs is idle after mounting, or on a name's first focus.
 */
export const preloadSlugFromName: () => Promise<SlugFromName> = loadOnce(() => import("./slug").then((slug) => slug.slugFromName));

/** Suggestions made while the suggester loads, by the key of the input they are for (a row's stable id). */
export interface SlugSuggestions<K> {
  /**
   * Runs `apply` with slugFromName: at once when it has loaded, else as soon as it has. A newer suggestion for the same
   * key replaces one still waiting (the last name typed sets the slug). `apply` finds its input by the key when it
   * runs, and decides then whether the slug still follows the name. Should the suggester fail to load, nothing is
   * suggested: the slug input still takes one typed by hand.
   */
  suggest(key: K, apply: (slugFromName: SlugFromName) => void): void;
  /** Drops the suggestion still waiting for `key` (its slug was typed by hand meanwhile). */
  cancel(key: K): void;
  /** Whether a suggestion waits for the suggester. */
  readonly pending: boolean;
  /**
   * Waits for the suggester and applies every waiting suggestion (a form submitted while one waits checks and sends
   * the suggested slugs, not the empty inputs). Resolves as well when the suggester fails to load: the waiting
   * suggestions are dropped, and the form's own checks say which slug is missing.
   */
  settle(): Promise<void>;
  /** Loads the suggester once the browser is idle; returns the cancel for an effect's cleanup. */
  preloadWhenIdle(): () => void;
}

export function slugSuggestions<K>(load: () => Promise<SlugFromName> = preloadSlugFromName): SlugSuggestions<K> {
  const waiting = new Map<K, (slugFromName: SlugFromName) => void>();
  let loaded: SlugFromName | null = null;
  const applyWaiting = (slugFromName: SlugFromName) => {
    loaded = slugFromName;
    for (const [key, apply] of waiting) {
      waiting.delete(key);
      apply(slugFromName);
    }
  };
  const preload = () => load().then(applyWaiting);
  return {
    suggest(key, apply) {
      waiting.delete(key);
      waiting.set(key, apply);
      if (loaded) applyWaiting(loaded);
      else preload().catch(() => {});
    },
    cancel(key) {
      waiting.delete(key);
    },
    get pending() {
      return waiting.size > 0;
    },
    async settle() {
      if (!waiting.size) return;
      try {
        await preload();
      } catch {
        waiting.clear();
      }
    },
    preloadWhenIdle() {
      const run = () => void preload().catch(() => {});
      if (typeof requestIdleCallback === "function") {
        const handle = requestIdleCallback(run, { timeout: 2000 });
        return () => cancelIdleCallback(handle);
      }
      const handle = setTimeout(run, 200);
      return () => clearTimeout(handle);
    },
  };
}
