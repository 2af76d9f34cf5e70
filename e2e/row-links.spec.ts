import { expect, test } from "@playwright/test";
import { pageAs } from "./helpers";

/**
 * No link is prefetched as a page loads: not a table's (a row's page, a column's sort, the pager: components/ui/row-link.tsx),
 * not the sidebar's (components/shell/nav-links.tsx). A row's link still opens its page.
 */
for (const { path, rowLink } of [
  { path: "/contacts", rowLink: /^\/contacts\/\d+/ },
  { path: "/lists", rowLink: /^\/lists\/[0-9a-f-]{36}$/ },
]) {
  test(`${path}: no link is prefetched as it loads (rows, sorts, pager, sidebar), and a row's link opens its page`, async ({ browser }) => {
    const owner = await pageAs(browser, "owner");
    const prefetched: string[] = [];
    owner.page.on("request", (request) => {
      const url = new URL(request.url());
      if (url.searchParams.has("_rsc") && (rowLink.test(url.pathname) || (url.pathname === path && url.search.includes("sort"))))
        prefetched.push(url.pathname + url.search);
    });
    await owner.page.goto(path);
    await owner.page.waitForLoadState("networkidle");
    const links = owner.page.locator("main table a[href]");
    await expect(links.first()).toBeVisible();
    const hrefs = await links.evaluateAll((anchors) => anchors.map((anchor) => anchor.getAttribute("href")!));
    const first = hrefs.find((href) => rowLink.test(href));
    expect(first, "a row links to its page").toBeDefined();
    expect(prefetched).toEqual([]);
    await owner.page.locator(`main table a[href="${first}"]`).first().click();
    await owner.page.waitForURL((url) => url.pathname === new URL(first!, url).pathname);
    await expect(owner.page.locator("main h1")).toBeVisible();
    await owner.context.close();
  });
}
