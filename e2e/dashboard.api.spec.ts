import fs from "node:fs";
import path from "node:path";
import { test, expect, request as playwrightRequest } from "@playwright/test";
import { apiKey, signInOverHttp, storageStateOf, type Role } from "./helpers";

const PERMISSIONS: Record<Role, string[]> = {
  owner: [
    "contacts.read",
    "contacts.export",
    "lists.read",
    "lists.design",
    "lists.delete",
    "lists.records.write",
    "accounts.read",
    "accounts.open",
    "accounts.top_up",
    "accounts.debit",
    "accounts.delete",
    "activity.read",
    "activity.read_all",
    "team.manage",
    "settings.manage",
  ],
  lead: ["contacts.read", "contacts.export", "lists.read", "accounts.read", "activity.read", "lists.design", "lists.delete", "lists.records.write"],
  support: [
    "contacts.read",
    "contacts.export",
    "lists.read",
    "accounts.read",
    "activity.read",
    "accounts.open",
    "accounts.top_up",
    "accounts.debit",
    "accounts.delete",
  ],
};

async function as(role: Role | null, baseURL: string) {
  return playwrightRequest.newContext({ baseURL, ...(role ? { storageState: storageStateOf(role) } : {}) });
}

test("anonymous: dashboard route handlers answer 401, pages redirect to /login", async ({ baseURL }) => {
  const api = await as(null, baseURL!);
  const streamed = ["/api/dashboard/activity/export", "/api/dashboard/contacts/exports/00000000-0000-4000-8000-000000000000/download"];
  for (const url of ["/api/dashboard/me", "/api/dashboard/team", "/api/dashboard/budget", ...streamed]) {
    const response = await api.get(url);
    expect(response.status(), url).toBe(401);
    expect(await response.json()).toEqual({ error: { kind: "unauthenticated", message: "Sign in to continue.", fieldErrors: {} } });
  }
  for (const url of ["/", "/contacts", "/lists", "/activity", "/settings"]) {
    const response = await api.get(url, { maxRedirects: 0 });
    expect(response.status(), url).toBe(307);
    expect(response.headers().location).toContain("/login?callbackUrl=");
  }
  await api.dispose();
});

for (const role of ["owner", "lead", "support"] as Role[]) {
  test(`${role}: /api/dashboard/me reports the role and exactly the permission table's actions`, async ({ baseURL }) => {
    const api = await as(role, baseURL!);
    const me = await (await api.get("/api/dashboard/me")).json();
    expect(me.role).toBe(role);
    expect([...me.permissions].sort()).toEqual([...PERMISSIONS[role]].sort());
    await api.dispose();
  });
}

for (const [role, status] of [
  ["owner", 200],
  ["lead", 403],
  ["support", 403],
] as const) {
  test(`${role}: GET /api/dashboard/team answers ${status}`, async ({ baseURL }) => {
    const api = await as(role, baseURL!);
    const response = await api.get("/api/dashboard/team");
    expect(response.status()).toBe(status);
    const body = await response.json();
    if (status === 200) expect(body.data.map((m: { email: string }) => m.email)).toContain("owner@example.com");
    else expect(body).toEqual({ error: { kind: "forbidden", code: "forbidden", message: `Requires the role owner. Your role: ${role}.`, fieldErrors: {} } });
    await api.dispose();
  });
}

test("budget: the shared request budget and whether the platform answers are readable (never the key)", async ({ baseURL }) => {
  const api = await as("support", baseURL!);
  await api.get("/contacts");
  const body = await (await api.get("/api/dashboard/budget")).json();
  expect(Object.keys(body).sort()).toEqual(["backgroundWaitSeconds", "limit", "pausedForSeconds", "platform", "remaining"]);
  expect(body.limit).toBe(Number(process.env.E2E_RATE_LIMIT));
  // The platform answers: the banner's source says so (its breaker closed, no outage since).
  expect(body.platform).toMatchObject({ answering: true, state: "closed", since: null });
  expect(JSON.stringify(body)).not.toContain(apiKey());
  await api.dispose();
});

test("sign-in over HTTP: a wrong password answers invalid_credentials and sets no session", async ({ baseURL }) => {
  const api = await as(null, baseURL!);
  const response = await signInOverHttp(api, "lead@example.com", "wrong");
  expect(decodeURIComponent((await response.json()).url)).toContain("error=invalid_credentials");
  expect((await api.get("/api/dashboard/me")).status()).toBe(401);
  await api.dispose();
});

test("session cookie: httpOnly and SameSite=Lax", async ({ baseURL }) => {
  const api = await as(null, baseURL!);
  await signInOverHttp(api, "support@example.com");
  const cookie = (await api.storageState()).cookies.find((c) => c.name.endsWith("next-auth.session-token"));
  expect(cookie).toMatchObject({ httpOnly: true, sameSite: "Lax" });
  await api.dispose();
});

test("static: no built client file holds the key or names PLATFORM_API_KEY", async () => {
  const files: string[] = [];
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else files.push(full);
    }
  };
  walk(path.join(".next", "static"));
  expect(files.length).toBeGreaterThan(5);
  const offenders = files.filter((file) => {
    const text = fs.readFileSync(file, "utf8");
    return text.includes(apiKey()) || text.includes("PLATFORM_API_KEY") || text.includes("api_key_encrypted");
  });
  expect(offenders).toEqual([]);
});
