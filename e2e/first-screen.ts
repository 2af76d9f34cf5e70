import type { Locator, Page } from "@playwright/test";

/**
 * How many elements matching `selector` the first screen shows whole: their box lies, top to bottom, inside the
 * viewport (the page as it opens, not scrolled) and inside every box that clips them (a table's own scroll box), and
 * starts within the window's width. A row cut by the bottom edge does not count; a row of a wide table, which scrolls
 * sideways in its own box, does.
 */
export async function rowsInViewport(page: Page, selector: string): Promise<number> {
  return (await rowsOnFirstScreen(page.locator(selector))).inside;
}

/** Of the rows `rows` matches that are shown at all (`total`), how many the first screen shows whole (`inside`, as above). */
export async function rowsOnFirstScreen(rows: Locator): Promise<{ total: number; inside: number }> {
  return rows.evaluateAll((elements) => {
    const shown = elements.filter((element) => element.getClientRects().length > 0);
    const inside = shown.filter((element) => {
      const box = element.getBoundingClientRect();
      if (box.height === 0 || box.width === 0) return false;
      const within = (top: number, bottom: number) => box.top >= top - 0.5 && box.bottom <= bottom + 0.5;
      if (!within(0, window.innerHeight) || box.left < -0.5 || box.left >= window.innerWidth) return false;
      for (let parent = element.parentElement; parent && parent !== document.body; parent = parent.parentElement) {
        const style = getComputedStyle(parent);
        if (style.overflowX === "visible" && style.overflowY === "visible") continue;
        const clip = parent.getBoundingClientRect();
        if (!within(clip.top, clip.bottom)) return false;
      }
      return true;
    });
    return { total: shown.length, inside: inside.length };
  });
}
