import { loadOnce } from "@/lib/load-once";

type SlugFromName = typeof import("./slug").slugFromName;

let loaded: SlugFromName | null = null;

/**
 * Loads the slug suggester (./slug: @sindresorhus/slugify with its transliteration tables, the largest part of the
 * designer's code) when a name input is first focused, not with the page.
 */
export const preloadSlugFromName: () => Promise<SlugFromName> = loadOnce(() => import("./slug").then((slug) => (loaded = slug.slugFromName)));

/**
 * Runs `apply` with slugFromName: at once when it has loaded, else as soon as it has. Calls run in the order they were
 * made (a name typed while it loads gets its slug before the next name's), so the last name typed sets the slug.
 * Should it fail to load, no slug is suggested: the slug input still takes one typed by hand.
 */
export function withSlugFromName(apply: (slugFromName: SlugFromName) => void): void {
  if (loaded) apply(loaded);
  else preloadSlugFromName().then(apply, () => {});
}
