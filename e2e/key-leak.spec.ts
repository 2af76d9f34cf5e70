import fs from "node:fs";
import path from "node:path";
import { test, expect } from "@playwright/test";
import { apiKey, collectBodies, openUserMenu, storageStateOf } from "./helpers";

test.use({ storageState: storageStateOf("owner") });

/**
 * The key's owner walks through every page, menu and form of the dashboard; every
 * response the browser receives (HTML, RSC payloads, server-action answers, JSON,
 * scripts, styles) is collected and searched for the API key and for all but its
 * last four characters.
 */
test("the API key never reaches the browser: every response of a full walk as owner", async ({ page }) => {
  const { bodies, settled } = collectBodies(page);

  // Every page of the app, including those later issues add (a missing one answers 404, which is collected too).
  for (const url of ["/contacts", "/contacts?page=2", "/contacts/1", "/lists", "/lists/new", "/lists/0b6c3c1e-1111-4a2b-8c3d-000000000001", "/activity"]) {
    await page.goto(url);
    await expect(page.getByRole("heading", { level: 1 }).first()).toBeVisible();
  }
  await page.goto("/contacts");
  const nav = page.getByRole("navigation", { name: "Main navigation" });
  for (const name of ["Lists", "Activity", "Settings", "Contacts"]) {
    await nav.getByRole("link", { name }).click();
    await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
  }
  await page.goto("/settings");
  // Check and save the connection with the stored key (an action that calls getMe with the key).
  await page.getByRole("button", { name: "Check and save" }).click();
  await expect(page.getByText("Connected and saved.")).toBeVisible();
  // A wrong key: the refusal must not echo what was typed beyond the field itself.
  await page.getByLabel("API key").fill("definitely-not-the-key");
  await page.getByRole("button", { name: "Check and save" }).click();
  await expect(page.locator("#connection-key-error")).toBeVisible();
  await page.getByLabel("Email", { exact: true }).fill(`walk-${Date.now()}@example.com`);
  await page.getByRole("button", { name: "Invite", exact: true }).click();
  await expect(page.getByTestId("invited-link")).toBeVisible();
  await openUserMenu(page);
  await page.getByRole("button", { name: "Русский" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Настройки" })).toBeVisible();
  // The menu stays open across the switch.
  await page.getByRole("button", { name: "English" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Settings" })).toBeVisible();
  await page.goto("/no-such-page");
  for (const url of ["/api/dashboard/me", "/api/dashboard/budget", "/api/dashboard/team", "/api/auth/session"]) await page.goto(url);
  await settled();

  const kinds = (pattern: RegExp) => bodies.filter((body) => pattern.test(body.type)).length;
  expect(kinds(/text\/html/)).toBeGreaterThan(3);
  expect(kinds(/javascript/)).toBeGreaterThan(3);
  expect(kinds(/text\/x-component/)).toBeGreaterThan(3);
  expect(kinds(/json/)).toBeGreaterThan(2);

  const key = apiKey();
  const fragment = key.slice(0, -4);
  const leaks = bodies.filter((body) => body.text.includes(key) || body.text.includes(fragment)).map((body) => body.url);
  expect(leaks).toEqual([]);
});

test("the server's log never contains the API key", async () => {
  const log = fs.readFileSync(path.join(process.env.E2E_DATA_DIR!, "server.log"), "utf8");
  expect(log.length).toBeGreaterThan(0);
  expect(log).not.toContain(apiKey());
});
