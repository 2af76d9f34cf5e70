import { expect, test, type Request } from "@playwright/test";
import { pageAs, teamEmails } from "./helpers";

/** Hostile clients: a cross-origin server action, security headers, the session cookie. */

test("a server action called from another origin is refused, even with the owner's session", async ({ browser }) => {
  const owner = await pageAs(browser, "owner");
  await owner.page.goto("/settings");
  await owner.page.getByLabel("Email", { exact: true }).fill(`origin-capture-${Date.now()}@example.com`);
  const captured: Promise<Request> = owner.page.waitForRequest((request) => request.method() === "POST" && Boolean(request.headers()["next-action"]));
  await owner.page.getByRole("button", { name: "Invite", exact: true }).click();
  const request = await captured;
  const headers = request.headers();
  const body = JSON.parse(request.postData()!) as [{ email: string; name: string; role: string }];

  const email = `cross-origin-${Date.now()}@example.com`;
  const response = await owner.context.request.post(request.url(), {
    headers: { "next-action": headers["next-action"], "content-type": headers["content-type"], accept: "text/x-component", origin: "https://evil.example" },
    data: JSON.stringify([{ ...body[0], email }]),
  });
  expect(response.ok()).toBe(false);
  await owner.context.close();
  expect(await teamEmails(browser)).not.toContain(email);
});

test("every page carries the security headers; CSP has no unsafe-eval in production", async ({ request }) => {
  for (const path of ["/login", "/contacts", "/api/health", "/api/v1/getMe"]) {
    const response = await request.get(path, { maxRedirects: 0 });
    const headers = response.headers();
    expect(headers["content-security-policy"], path).toContain("frame-ancestors 'none'");
    expect(headers["content-security-policy"], path).not.toContain("unsafe-eval");
    expect(headers["x-frame-options"], path).toBe("DENY");
    expect(headers["x-content-type-options"], path).toBe("nosniff");
    expect(headers["referrer-policy"], path).toBe("strict-origin-when-cross-origin");
    expect(headers["strict-transport-security"], path).toBeUndefined();
  }
  const https = await request.get("/login", { headers: { "x-forwarded-proto": "https" } });
  expect(https.headers()["strict-transport-security"]).toContain("max-age=");
});

test("the session cookie is HttpOnly and SameSite=Lax", async ({ browser }) => {
  const owner = await pageAs(browser, "owner");
  const cookies = await owner.context.cookies();
  const session = cookies.find((cookie) => cookie.name.includes("session-token"));
  expect(session).toBeDefined();
  expect(session!.httpOnly).toBe(true);
  expect(session!.sameSite).toBe("Lax");
  await owner.context.close();
});

test("no page breaks its own Content-Security-Policy: no violation report on the pages people work in", async ({ browser }) => {
  const owner = await pageAs(browser, "owner");
  // Each document records its violations (an inline script or style refused, eval, another origin) before any script of the page runs.
  await owner.page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { __cspViolations: string[] }).__cspViolations = seen;
    document.addEventListener("securitypolicyviolation", (event) => seen.push(`${event.violatedDirective} ${event.blockedURI}`));
  });
  const violations = () => owner.page.evaluate(() => (window as unknown as { __cspViolations: string[] }).__cspViolations);
  await owner.page.goto("/lists");
  const firstLink = (pattern: RegExp) =>
    owner.page.evaluate(
      (source) => [...document.querySelectorAll("main a[href]")].map((a) => a.getAttribute("href")!).find((href) => new RegExp(source).test(href)),
      pattern.source,
    );
  const listPath = await firstLink(/^\/lists\/[0-9a-f-]{36}$/);
  await owner.page.goto("/contacts");
  const contactPath = await firstLink(/^\/contacts\/\d+/);
  for (const path of ["/", "/contacts", contactPath!, "/lists", listPath!, "/activity", "/settings", "/adjustments"]) {
    await owner.page.goto(path);
    await owner.page.waitForLoadState("networkidle");
    expect(await violations(), path).toEqual([]);
  }
  await owner.context.close();
});
