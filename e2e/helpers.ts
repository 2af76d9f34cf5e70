import { expect, type APIRequestContext, type Page } from "@playwright/test";

export type Role = "owner" | "lead" | "support";

export const password = (): string => process.env.E2E_PASSWORD!;
export const apiKey = (): string => process.env.E2E_API_KEY!;
export const emailOf = (role: Role): string => `${role}@example.com`;
/** Saved sign-ins live in the run's own data directory, so that concurrent runs never share them. */
export const storageStateOf = (role: Role): string => `${process.env.E2E_DATA_DIR}/auth/${role}.json`;

/** next-auth's credentials sign-in over HTTP (documenso's apiSignin): csrf token, then the callback. */
export async function signInOverHttp(request: APIRequestContext, email: string, secret = password()) {
  const csrf = await request.get("/api/auth/csrf");
  expect(csrf.ok()).toBeTruthy();
  const { csrfToken } = (await csrf.json()) as { csrfToken: string };
  return request.post("/api/auth/callback/credentials", {
    form: { csrfToken, email, password: secret, json: "true" },
    maxRedirects: 0,
  });
}

/** Signs in through the form, as a person would. */
export async function signInWithForm(page: Page, email: string, secret = password()) {
  await page.goto("/login");
  await page.getByLabel(/^(Email|Электронная почта)$/).fill(email);
  await page.getByLabel(/^(Password|Пароль)$/).fill(secret);
  await page.getByRole("button", { name: /^(Sign in|Войти)$/ }).click();
}

/** The form's own alert (Next's route announcer is another role="alert", outside <main>). */
export const formAlert = (page: Page) => page.getByRole("main").getByRole("alert");

export async function openUserMenu(page: Page) {
  await page.getByRole("button", { name: /^(Account menu|Меню аккаунта)/ }).click();
}
