import type { Page } from "@playwright/test";

/**
 * How many elements matching `selector` the first screen shows whole: their box lies fully inside the viewport (the
 * page as it opens, not scrolled). A row cut by the bottom edge does not count.
 */
export async function rowsInViewport(page: Page, selector: string): Promise<number> {
  return page.locator(selector).evaluateAll((elements) => {
    const width = window.innerWidth;
    const height = window.innerHeight;
    return elements.filter((element) => {
      const box = element.getBoundingClientRect();
      return box.height > 0 && box.width > 0 && box.top >= 0 && box.left >= 0 && box.bottom <= height && box.right <= width;
    }).length;
  });
}
