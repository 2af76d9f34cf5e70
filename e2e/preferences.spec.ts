import { test, expect } from "@playwright/test";
import { openUserMenu, storageStateOf } from "./helpers";

test.describe("language and theme", () => {
  test.use({ storageState: storageStateOf("owner") });

  test("language: Russian from the user menu translates the UI, sets <html lang> and persists", async ({ page }) => {
    await page.goto("/contacts");
    await expect(page.locator("html")).toHaveAttribute("lang", "en");
    await openUserMenu(page);
    await page.getByRole("button", { name: "Русский" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Контакты" })).toBeVisible();
    await expect(page.locator("html")).toHaveAttribute("lang", "ru");
    await expect(page.getByRole("navigation", { name: "Основная навигация" }).getByRole("link", { name: "Списки" })).toBeVisible();
    await page.goto("/settings");
    await expect(page.getByRole("heading", { level: 1, name: "Настройки" })).toBeVisible();
    await page.reload();
    await expect(page.getByRole("heading", { name: "Команда" })).toBeVisible();
    await openUserMenu(page);
    await page.getByRole("button", { name: "English" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Settings" })).toBeVisible();
  });

  test("theme: Dark applies at once, persists, and is in the server's HTML (no flash)", async ({ page }) => {
    await page.goto("/contacts");
    const background = () => page.evaluate(() => getComputedStyle(document.body).backgroundColor);
    const light = await background();
    await openUserMenu(page);
    await page.getByRole("button", { name: "Dark" }).click();
    await expect(page.locator("html")).toHaveClass(/\bdark\b/);
    await expect.poll(background).not.toBe(light);
    await expect(page.getByRole("button", { name: "Dark" })).toHaveAttribute("aria-pressed", "true");
    await page.reload();
    await expect(page.locator("html")).toHaveClass(/\bdark\b/);
    const html = await (await page.request.get("/lists")).text();
    expect(html).toMatch(/<html[^>]*class="dark"/);
    await openUserMenu(page);
    await page.getByRole("button", { name: "Light" }).click();
    await expect(page.locator("html")).toHaveClass(/\blight\b/);
    await expect.poll(background).toBe(light);
  });
});

test.describe("defaults", () => {
  test.use({ locale: "ru-RU", colorScheme: "dark" });

  test("language: without a choice the browser's Accept-Language decides; theme: System follows the OS", async ({ page }) => {
    await page.goto("/login");
    await expect(page.getByRole("heading", { level: 1, name: "Вход" })).toBeVisible();
    await expect(page.locator("html")).toHaveAttribute("lang", "ru");
    await expect(page.locator("html")).toHaveClass(/\bsystem\b/);
    const dark = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
    await page.emulateMedia({ colorScheme: "light" });
    await expect.poll(() => page.evaluate(() => getComputedStyle(document.body).backgroundColor)).not.toBe(dark);
  });
});
