import { createLoader, createSerializer, parseAsString } from "nuqs/server";

/**
 * The sign-in page's URL as NextAuth writes it: `/login?callbackUrl=…&error=…`; the welcome page adds `email` and `notice`.
 * Both are plain text here; where the callback may lead is decided by
 * sameOriginPath (lib/auth/redirect.ts), what an error says by the form.
 */
export const loginPageParsers = {
  callbackUrl: parseAsString,
  error: parseAsString,
  /** Filled into the email field (after a one-time link set the password). */
  email: parseAsString,
  /** password_set: a one-time link has just set the password. */
  notice: parseAsString,
};

export const loadLoginPageParams = createLoader(loginPageParsers);
export const serializeLoginPageParams = createSerializer(loginPageParsers);
