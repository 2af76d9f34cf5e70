import { randomUUID } from "node:crypto";
import { test, expect, type Page } from "@playwright/test";
import { storageStateOf } from "./helpers";
import { baseURL, idSource, seedProject } from "./seed";

/**
 * The overview at /: the numbers of contacts seeded on bots of a project of its
 * own (deleted at the end, so the demo's totals are unchanged), per bot through
 * the bot select, the same numbers in the chart's table view, and in Russian.
 * The viewer's zone is Asia/Tokyo (UTC+9); the days are counted back from now.
 */
const HOLDER = 1;
const ZONE = "Asia/Tokyo";
const PROJECT = randomUUID();
const PROJECT_NAME = `Overview tests ${Date.now().toString(36)}`;
const uniqueId = idSource(800_000_000);
const BOTS = { north: uniqueId(), south: uniqueId() };
const botName = (key: keyof typeof BOTS) => `Overview ${key} ${BOTS[key]}`;

const DAY_MS = 24 * 3600_000;
/** An instant `days` ago, at least an hour away from Tokyo's midnight (so the test's day is the server's day). */
function daysAgo(days: number): Date {
  const instant = new Date(Date.now() - days * DAY_MS);
  const tokyoHour = Number(new Intl.DateTimeFormat("en-US", { timeZone: ZONE, hour: "numeric", hourCycle: "h23" }).format(instant));
  if (tokyoHour === 0) return new Date(instant.getTime() + 3600_000);
  if (tokyoHour === 23) return new Date(instant.getTime() - 3600_000);
  return instant;
}
const dayText = (instant: Date, locale: string) => new Intl.DateTimeFormat(locale, { dateStyle: "medium", timeZone: ZONE }).format(instant);

const TWO_DAYS_AGO = daysAgo(2);
const contact = (bot: keyof typeof BOTS, created: Date) => {
  const id = uniqueId();
  return { id, bot_id: BOTS[bot], messenger: "telegram", name: `Overview ${id}`, telegram_id: String(id), created_at: created.toISOString() };
};
const CONTACTS = [
  contact("north", new Date("2020-05-05T10:00:00Z")),
  contact("north", TWO_DAYS_AGO),
  contact("north", new Date(TWO_DAYS_AGO.getTime() + 60_000)),
  contact("south", daysAgo(5)),
];

// The bots are made behind the dashboard's back: getMe is read again so that their names are known.
seedProject({
  uuid: PROJECT,
  name: PROJECT_NAME,
  holder: HOLDER,
  bots: (Object.keys(BOTS) as (keyof typeof BOTS)[]).map((key) => ({ id: BOTS[key], name: botName(key) })),
  document: { contacts: CONTACTS },
  refreshNames: true,
});

test.use({ storageState: storageStateOf("owner"), timezoneId: ZONE, locale: "en-US" });

/** The overview, rendered in the viewer's zone (its first render may be in UTC until the browser's zone is known). */
async function openOverview(page: Page, path = "/") {
  await page.goto(path);
  await expect(page.getByTestId("overview-zone")).toHaveAttribute("data-zone", ZONE);
}

/** The table view's row of a day, by the day as the page writes it. */
const contactsChartRow = (page: Page, day: string) =>
  page
    .getByTestId("overview-contacts-chart-table")
    .getByRole("row")
    .filter({ has: page.getByRole("cell", { name: day, exact: true }) });

test("overview: contacts per bot, the chart's table view, money and the latest activity", async ({ page }) => {
  await openOverview(page);
  await expect(page.getByRole("heading", { level: 1, name: "Overview" })).toBeVisible();
  await expect(page.getByRole("navigation", { name: "Main navigation" }).getByRole("link", { name: "Overview" })).toHaveAttribute("aria-current", "page");
  await expect(page.getByTestId("contacts-total")).toBeVisible();

  const bot = page.getByLabel("Bot", { exact: true });
  await bot.selectOption({ label: `${botName("north")} (${PROJECT_NAME})` });
  await expect(page).toHaveURL(new RegExp(`\\?bot=${BOTS.north}$`));
  await expect(page.getByTestId("contacts-total")).toHaveText("3");
  await expect(page.getByTestId("overview-contacts-new")).toHaveText("2");

  await page.getByTestId("overview-contacts-chart").getByText("Show as a table").click();
  await expect(page.getByTestId("overview-contacts-chart-table").getByRole("row")).toHaveCount(31);
  await expect(contactsChartRow(page, dayText(TWO_DAYS_AGO, "en-US")).getByRole("cell").nth(1)).toHaveText("2");
  await expect(contactsChartRow(page, dayText(new Date(), "en-US")).getByRole("cell").nth(1)).toHaveText("0");

  await bot.selectOption({ label: `${botName("south")} (${PROJECT_NAME})` });
  await expect(page).toHaveURL(new RegExp(`\\?bot=${BOTS.south}$`));
  await expect(page.getByTestId("contacts-total")).toHaveText("1");
  await expect(page.getByTestId("overview-contacts-new")).toHaveText("1");

  await bot.selectOption({ label: "All bots" });
  await expect(page).toHaveURL(/:\d+\/$/);

  // Balances come from the platform's statistics extension; the demo has accounts.
  await expect(page.getByRole("heading", { name: "Balances" })).toBeVisible();
  await expect(page.getByTestId("overview-currency").first()).toBeVisible();
  await expect(page.getByRole("heading", { name: "Latest activity" })).toBeVisible();
  await expect(page.getByRole("link", { name: "All activity" })).toHaveAttribute("href", "/activity");
  await expect(page.getByRole("heading", { name: "Request budget" })).toBeVisible();
  await expect(page.getByTestId("overview-budget")).toContainText("requests of this minute used");
});

test("overview in Russian: texts, numbers and days in the language", async ({ page, context }) => {
  await context.addCookies([{ name: "lang", value: "ru", url: baseURL }]);
  await openOverview(page, `/?bot=${BOTS.north}`);
  await expect(page.getByRole("heading", { level: 1, name: "Обзор" })).toBeVisible();
  await expect(page.getByTestId("contacts-total")).toHaveText("3");
  await page.getByTestId("overview-contacts-chart").getByText("Показать таблицей").click();
  await expect(page.getByTestId("overview-contacts-chart-table").getByRole("columnheader", { name: "День" })).toBeVisible();
  await expect(contactsChartRow(page, dayText(TWO_DAYS_AGO, "ru")).getByRole("cell").nth(1)).toHaveText("2");
});

test("on a phone, a chart below the first screen is drawn when it comes near the screen, not before", async ({ browser }) => {
  const context = await browser.newContext({ storageState: storageStateOf("owner"), viewport: { width: 390, height: 844 }, locale: "en-US" });
  const page = await context.newPage();
  await page.goto("/");
  const charts = page.locator('main [role="img"]');
  await expect(charts.first()).toBeAttached();
  const last = charts.last();
  // Far below the first screen: its box is kept (its height), but nothing is drawn in it yet.
  expect(await last.evaluate((box) => box.getBoundingClientRect().top > window.innerHeight + 400)).toBe(true);
  await page.waitForLoadState("networkidle");
  await expect(last.locator("canvas")).toHaveCount(0);
  await last.scrollIntoViewIfNeeded();
  await expect(last.locator("canvas").first()).toBeAttached();
  await context.close();
});
