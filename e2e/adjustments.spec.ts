import { randomUUID } from "node:crypto";
import { readFile } from "node:fs/promises";
import { test, expect } from "@playwright/test";
import { seriousViolations, storageStateOf } from "./helpers";
import { idSource, seedProject } from "./seed";

/**
 * Bulk adjustments end to end, as support staff do them: upload a CSV, see its totals and problems,
 * check it against the platform (nothing changes), run it, download the result. Three contacts of a
 * bot of the spec's own: a top-up, a debit within the balance, and a debit on a blocked account,
 * which the dry run reports and the run fails with the platform's code; one row has a bad amount.
 */
const nextId = idSource(900_000_000);
const PROJECT = randomUUID();
const BOT = nextId();
const [anna, boris, clara] = [nextId(), nextId(), nextId()];
const [annaAccount, borisAccount, claraAccount] = [nextId(), nextId(), nextId()];
const contact = (id: number, name: string) => ({ id, bot_id: BOT, messenger: "telegram", name, telegram_id: String(id), created_at: "2025-04-01T10:00:00Z" });

seedProject({
  uuid: PROJECT,
  name: `Adjustments ${Date.now().toString(36)}`,
  bots: [{ id: BOT, name: `Adjustments bot ${BOT}` }],
  document: {
    contacts: [contact(anna, "Anna Bulk"), contact(boris, "Boris Bulk"), contact(clara, "Clara Bulk")],
    contact_accounts: [
      { id: annaAccount, contact_id: anna, currency: "EUR", amount: 1_000 },
      { id: borisAccount, contact_id: boris, currency: "EUR", amount: 2_000 },
      { id: claraAccount, contact_id: clara, currency: "EUR", amount: 5_000, blocked_at: "2025-05-01T00:00:00Z" },
    ],
  },
});

test.use({ storageState: storageStateOf("support") });

test("bulk adjustments: upload → preview → dry run → run → the result file", async ({ page }) => {
  const tag = randomUUID().slice(0, 8);
  const csv = [
    "contact_id;currency;amount;description",
    `${anna};EUR;12.50;Refund ${tag}`,
    `${boris};EUR;-5.00;Correction ${tag}`,
    `${clara};EUR;-1.00;Blocked ${tag}`,
    `${anna};EUR;ten;Bad ${tag}`,
  ].join("\r\n");

  await page.goto("/adjustments");
  await page.getByLabel("CSV file").setInputFiles({ name: `refunds-${tag}.csv`, mimeType: "text/csv", buffer: Buffer.from(csv, "utf8") });
  await page.getByRole("button", { name: "Upload and check" }).click();
  await expect(page).toHaveURL(/\/adjustments\/[0-9a-f-]{36}$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(`refunds-${tag}.csv`);

  // Preview: the bad amount on its line and column; totals of the three valid rows.
  const problems = page.getByRole("region", { name: "Problems", exact: true });
  await expect(problems.getByRole("row").filter({ hasText: "Amount" })).toContainText("5");
  const totals = page.getByRole("region", { name: "Totals", exact: true });
  await expect(totals).toContainText("12.50");
  await expect(totals).toContainText("6.00");

  // Dry run: nothing changes; the blocked account is reported.
  await page.getByRole("button", { name: "Check against the platform" }).click();
  const dryRun = page.getByRole("region", { name: "Dry run", exact: true });
  await expect(dryRun).toContainText("1 account is blocked", { timeout: 30_000 });
  await expect(dryRun).toContainText("2 rows would go through");

  // Run, then the outcome and the file.
  await page.getByRole("button", { name: "Run 3 rows" }).click();
  const download = page.getByTestId("result-download");
  await expect(download).toBeVisible({ timeout: 60_000 });
  const [file] = await Promise.all([page.waitForEvent("download"), download.click()]);
  const text = await readFile((await file.path())!, "utf8");
  const lines = text.trim().split(/\r?\n/);
  expect(lines[0]).toContain("status");
  const byLine = (n: number) => lines.find((line) => line.startsWith(`${n},`)) ?? "";
  expect(byLine(2)).toMatch(/succeeded/);
  expect(byLine(2)).toContain("22.50");
  expect(byLine(3)).toMatch(/succeeded/);
  expect(byLine(3)).toContain("15.00");
  expect(byLine(4)).toMatch(/failed/);
  expect(byLine(4)).toContain("account_blocked");
  expect(byLine(5)).toMatch(/invalid/);

  // Each sent row is in Activity, linked to its batch and line.
  await page.getByRole("link", { name: "Its entries in Activity" }).click();
  await expect(page).toHaveURL(/\/activity\?batch=[0-9a-f-]{36}$/);
  const entries = page.getByTestId("audit-batch");
  await expect(entries).toHaveCount(3);
  await expect(entries.filter({ hasText: "line 3" })).toHaveCount(1);

  // The balances on the contacts' pages moved by exactly the succeeded rows, once.
  await page.goto(`/contacts/${anna}?bot=${BOT}`);
  await expect(page.getByTestId("ledger-panel")).toContainText("22.50");
  await page.goto(`/contacts/${boris}?bot=${BOT}`);
  await expect(page.getByTestId("ledger-panel")).toContainText("15.00");
});

test("bulk adjustments: the sample file downloads, and uploaded back it reaches the dry run with no problem", async ({ page }) => {
  await page.goto("/adjustments");
  await expect(page.getByTestId("adjustment-upload")).toHaveAttribute("data-ready", "true");
  // The columns of the file, one click away once batches exist; open, the page has no serious axe finding.
  const details = page.getByTestId("adjustment-columns-details");
  if ((await details.getAttribute("open")) === null) await details.getByText("Columns of the file").click();
  const columns = page.getByTestId("adjustment-column");
  await expect(columns).toHaveCount(5);
  await expect(columns.filter({ hasText: "Optional" })).toHaveAttribute("data-column", "direction");
  expect(await seriousViolations(page)).toEqual([]);
  const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("link", { name: "Download a sample CSV" }).click()]);
  expect(download.suggestedFilename()).toBe("bulk-adjustments-sample.csv");
  const bytes = await readFile((await download.path())!);
  const lines = bytes
    .toString("utf8")
    .replace(/^\ufeff/, "")
    .trim()
    .split("\r\n");
  expect(lines).toHaveLength(5);

  await page.getByLabel("CSV file").setInputFiles({ name: download.suggestedFilename(), mimeType: "text/csv", buffer: bytes });
  await page.getByRole("button", { name: "Upload and check" }).click();
  await expect(page).toHaveURL(/\/adjustments\/[0-9a-f-]{36}$/);
  // Every row valid: the facts say so and there is no Problems section at all.
  await expect(page.getByRole("main")).toContainText("4 rows: 4 valid, 0 with problems");
  await expect(page.getByRole("region", { name: "Problems", exact: true })).toHaveCount(0);
  const totals = page.getByRole("region", { name: "Totals", exact: true });
  await expect(totals).toContainText("25.00");
  await expect(totals).toContainText("4.99");
  await expect(page.getByRole("button", { name: "Check against the platform" })).toBeEnabled();
});

test("bulk adjustments: the problems table pages through the address, 25 problems a page", async ({ page }) => {
  const tag = randomUUID().slice(0, 8);
  // Line 2 is valid; lines 3 to 32 each have a bad amount: 30 problems, two pages.
  const bad = Array.from({ length: 30 }, (_, index) => `${anna};EUR;ten;Bad ${tag} ${index}`);
  const csv = ["contact_id;currency;amount;description", `${anna};EUR;1.00;Fine ${tag}`, ...bad].join("\r\n");

  await page.goto("/adjustments");
  await page.getByLabel("CSV file").setInputFiles({ name: `problems-${tag}.csv`, mimeType: "text/csv", buffer: Buffer.from(csv, "utf8") });
  await page.getByRole("button", { name: "Upload and check" }).click();
  await expect(page).toHaveURL(/\/adjustments\/[0-9a-f-]{36}$/);

  const rows = page.getByTestId("problem-row");
  const pager = page.getByRole("navigation", { name: "Pages of problems" });
  await expect(pager).toContainText("Page 1 of 2");
  await expect(rows).toHaveCount(25);
  await expect(rows.first()).toHaveAttribute("data-line", "3");

  await pager.getByRole("link", { name: "Next" }).click();
  await expect(page).toHaveURL(/\/adjustments\/[0-9a-f-]{36}\?problems=2$/);
  await expect(pager).toContainText("Page 2 of 2");
  await expect(rows).toHaveCount(5);
  await expect(rows.first()).toHaveAttribute("data-line", "28");

  // The address is the state: a reload shows the same page; Previous goes back to the first (no parameter).
  await page.reload();
  await expect(rows.first()).toHaveAttribute("data-line", "28");
  await pager.getByRole("link", { name: "Previous" }).click();
  await expect(page).toHaveURL(/\/adjustments\/[0-9a-f-]{36}$/);
  await expect(rows).toHaveCount(25);
});
