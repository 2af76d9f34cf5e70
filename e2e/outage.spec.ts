import { test, expect, type APIRequestContext, type Page } from "@playwright/test";
import { emailOf, signInWithForm } from "./helpers";

/**
 * When the platform hangs: against the third server of playwright.config.ts, whose dashboard reaches the suite's
 * platform through a platform that fails on demand (lib/testing/fault-platform.mjs, POST /__fault). Signed in, the
 * owner sees the pages answer with the shell and a banner that says since when the platform is not answering, what
 * the dashboard keeps still shown; once the platform answers again, the banner goes by itself. How fast is measured by
 * `npm run bench:outage`, not asserted here.
 */
const outageURL = `http://127.0.0.1:${process.env.E2E_OUTAGE_PORT}`;
const faultURL = `http://127.0.0.1:${process.env.E2E_OUTAGE_FAULT_PORT}`;
const coolDownMs = Number(process.env.E2E_BREAKER_COOL_DOWN_MS);

test.use({ baseURL: outageURL });

async function setFault(request: APIRequestContext, fault: "none" | "hang" | "reset" | "502" | "503") {
  const answer = await request.post(`${faultURL}/__fault`, { data: { fault, retryAfterSeconds: 5 } });
  expect(answer.status()).toBe(200);
}

const banner = (page: Page) => page.getByTestId("platform-outage");

test("outage: with the platform hanging every page shows its shell and the banner, the lists it keeps stay shown; healed, the banner goes", async ({
  page,
  request,
}) => {
  // Several views while the platform hangs (each within the dashboard's timeout) and the breaker's cool-down.
  test.setTimeout(180_000);
  await setFault(request, "none");
  await signInWithForm(page, emailOf("owner"));
  await page.waitForURL((url) => !url.pathname.startsWith("/login"));
  // Loaded while the platform answers: the account's lists are kept.
  await page.goto("/lists");
  await expect(page.getByTestId("cache-stamp")).toBeVisible();
  await expect(banner(page)).toHaveCount(0);

  await setFault(request, "hang");
  // The overview and the contacts ask the platform on every view: the shell answers, with the banner.
  for (const path of ["/", "/contacts"]) {
    await page.goto(path);
    await expect(page.getByRole("navigation", { name: /Main navigation|Основная навигация/ })).toBeVisible();
    await expect(banner(page), path).toBeVisible();
    await expect(banner(page)).toContainText("The platform is not answering since");
  }
  // What the dashboard keeps is still shown, with the time it was loaded; its own pages keep working.
  await page.goto("/lists");
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await expect(page.getByTestId("cache-stamp")).toBeVisible();
  await expect(banner(page)).toBeVisible();
  await page.goto("/activity");
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await expect(banner(page)).toBeVisible();

  // /api/ready: the dashboard stays ready; the platform's breaker is a detail.
  const ready = await request.get(`${outageURL}/api/ready`);
  expect(ready.status()).toBe(200);
  const body = (await ready.json()) as { platforms: { origin: string; state: string; consecutiveFailures: number }[] };
  expect(body.platforms).toContainEqual(expect.objectContaining({ origin: faultURL, consecutiveFailures: expect.any(Number) }));
  expect(body.platforms.find((platform) => platform.origin === faultURL)!.consecutiveFailures).toBeGreaterThan(0);

  // Healed: after the cool-down the next view's probe closes the breaker, and the banner goes by itself.
  await setFault(request, "none");
  await expect(async () => {
    await page.goto("/contacts");
    await expect(page.getByTestId("contacts-total")).toBeVisible({ timeout: 5_000 });
    await expect(banner(page)).toHaveCount(0, { timeout: 5_000 });
  }).toPass({ timeout: 60_000 + coolDownMs });
});
