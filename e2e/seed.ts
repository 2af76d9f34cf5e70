import { randomUUID } from "node:crypto";
import { expect, request as playwrightRequest, test, type APIRequestContext, type Page } from "@playwright/test";
import { refreshCached, storageStateOf } from "./helpers";

export const baseURL = `http://127.0.0.1:${process.env.E2E_PORT}`;

/** Ids for a spec's own records: from a random start in the spec's own range, so that runs and specs never meet. */
export function idSource(rangeStart: number): () => number {
  let next = rangeStart + Math.floor(Math.random() * 90_000_000);
  return () => (next += 1 + Math.floor(Math.random() * 20));
}

/** The contact ids of the contact browser's rows, in the order shown. */
export const rowIds = (page: Page) =>
  page.locator("tbody tr[data-contact-id]").evaluateAll((rows) => rows.map((row) => Number(row.getAttribute("data-contact-id"))));

/** The demo key holder's project "Online shop", where the specs' lists are made. */
export const SHOP_PROJECT = "6f1b8a2e-3c4d-4e5f-8a9b-000000000001";

export type SeedField = { name: string; type: string; currency?: string; is_required?: boolean };

/** A list of the shop project with these fields, through the operator interface; its new id. */
export async function seedListSchema(request: APIRequestContext, name: string, fields: Record<string, SeedField>): Promise<string> {
  const id = randomUUID();
  await postFixtures(request, { list_schemas: [{ id, project_uuid: SHOP_PROJECT, bot_id: null, name, fields }] });
  return id;
}

/** Posts a fixtures document to the operator interface (operator-interface.md); anything but 200 fails the test. */
export async function postFixtures(api: APIRequestContext, document: Record<string, unknown>): Promise<void> {
  const response = await api.post("/api/operator/fixtures", { headers: { authorization: `Bearer ${process.env.E2E_OPERATOR_TOKEN}` }, data: document });
  expect(response.status(), await response.text()).toBe(200);
}

/**
 * postFixtures on a connection of its own: a context kept idle through a spec's tests may hold a
 * keep-alive socket that the server closes (after its keep-alive timeout) just as it is reused,
 * and the post then fails with ECONNRESET.
 */
async function postFixturesFresh(document: Record<string, unknown>): Promise<void> {
  const api = await playwrightRequest.newContext({ baseURL });
  try {
    await postFixtures(api, document);
  } finally {
    await api.dispose();
  }
}

export interface SeededProject {
  /** Posts one more fixtures document during the tests. */
  fixtures: (document: Record<string, unknown>) => Promise<void>;
  /** The spec's request context (base URL set), for calls of its own. */
  api: () => APIRequestContext;
}

/**
 * A spec's own project and bots, made before its tests together with `document` (contacts, generated ones…). With
 * `refreshNames`, getMe is read again so that the dashboard names the new bots at once (else within 5 minutes). After the
 * tests the bots are deleted: their contacts leave every list and count, and the demo's totals are as they were.
 */
export function seedProject(seed: {
  uuid: string;
  name: string;
  holder?: number;
  bots: { id: number; name: string }[];
  document?: Record<string, unknown>;
  refreshNames?: boolean;
}): SeededProject {
  let api: APIRequestContext | null = null;
  const context = () => {
    if (!api) throw new Error("seedProject: used outside its spec's tests");
    return api;
  };
  const bots = (deleted: boolean) => seed.bots.map((bot) => ({ id: bot.id, project_uuid: seed.uuid, name: bot.name, ...(deleted ? { deleted } : {}) }));
  test.beforeAll(async ({ browser }) => {
    api = await playwrightRequest.newContext({ baseURL });
    await postFixtures(api, { projects: [{ uuid: seed.uuid, account_id: seed.holder ?? 1, name: seed.name }], bots: bots(false), ...seed.document });
    if (seed.refreshNames) {
      const owner = await browser.newContext({ storageState: storageStateOf("owner") });
      const page = await owner.newPage();
      await page.goto("/contacts");
      await refreshCached(page);
      await owner.close();
    }
  });
  test.afterAll(async () => {
    await api?.dispose();
    await postFixturesFresh({ bots: bots(true) });
  });
  return { fixtures: postFixturesFresh, api: context };
}
