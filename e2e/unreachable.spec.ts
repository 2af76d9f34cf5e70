import { test, expect } from "@playwright/test";
import { pageAs } from "./helpers";

/**
 * A server action whose request does not get through (offline, a dropped connection) is answered on the form like any
 * other refusal, with what to do next, instead of the error screen or a form that stops without a word.
 */
test("a server action that does not get through: the form says so and stays usable; sent again, it goes through", async ({ browser }) => {
  const { context, page } = await pageAs(browser, "owner");
  await page.goto("/settings");
  await expect(page.getByRole("heading", { level: 1, name: "Settings" })).toBeVisible();
  // The form's code, with its field checks, is in the browser (it loads right after the page); then the network goes.
  await expect(page.locator('[data-island="connection"][data-ready="true"]')).toBeVisible();
  await page.waitForLoadState("networkidle");
  await context.setOffline(true);
  await page.getByRole("button", { name: "Check and save" }).click();
  await expect(page.getByText("The dashboard could not be reached, or its answer was lost.", { exact: false })).toBeVisible();
  await expect(page.getByRole("heading", { level: 1, name: "Settings" })).toBeVisible();
  await context.setOffline(false);
  await page.getByRole("button", { name: "Check and save" }).click();
  await expect(page.getByText("Connected and saved.")).toBeVisible();
  await context.close();
});
