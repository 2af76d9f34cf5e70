import { test, expect, type Page } from "@playwright/test";
import { contactBrowserReady, storageStateOf } from "./helpers";

/**
 * The shared table's rows on a phone are cards (CSS alone, the same rows): each row a block as wide as the screen at
 * most, no cell a table cell, the header row for screen readers only; on a desktop they are table rows.
 */
async function firstRowLayout(page: Page) {
  await page.goto("/contacts");
  await contactBrowserReady(page);
  const row = page.locator("[data-contact-id]").first();
  await expect(row).toBeVisible();
  return row.evaluate((tr: HTMLTableRowElement) => ({
    row: getComputedStyle(tr).display,
    width: tr.getBoundingClientRect().width,
    cells: [...tr.cells].map((cell) => getComputedStyle(cell).display),
    labels: [...tr.cells].map((cell) => cell.dataset.label ?? ""),
    headerWidth: tr.closest("table")!.tHead!.getBoundingClientRect().width,
  }));
}

test.describe("the shared table's layout", () => {
  test.use({ storageState: storageStateOf("owner") });

  test("phone 390×844: each contact is a card of labelled values; the header row is for screen readers", async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    const layout = await firstRowLayout(page);
    // A box of its own (the contacts' compact card lays its values out as a wrapping flex row), no table cell left.
    expect(["block", "flex"]).toContain(layout.row);
    expect(layout.width).toBeLessThanOrEqual(390);
    expect(layout.cells.filter((display) => display === "table-cell")).toEqual([]);
    // Every cell but the checkbox's names its column for the card.
    expect(layout.labels.filter((label) => label === "").length).toBeLessThanOrEqual(1);
    expect(layout.headerWidth).toBeLessThanOrEqual(1);
  });

  test("desktop 1280×800: the same rows are table rows under a visible header", async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    const layout = await firstRowLayout(page);
    expect(layout.row).toBe("table-row");
    expect(new Set(layout.cells)).toEqual(new Set(["table-cell"]));
    expect(layout.headerWidth).toBeGreaterThan(300);
  });
});
