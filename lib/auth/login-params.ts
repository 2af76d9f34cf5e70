import { createLoader, createSerializer, parseAsString } from "nuqs/server";

/**
 * The sign-in page's URL as NextAuth writes it: `/login?callbackUrl=…&error=…`.
 * Both are plain text here; where the callback may lead is decided by
 * sameOriginPath (lib/auth/redirect.ts), what an error says by the form.
 */
export const loginPageParsers = {
  callbackUrl: parseAsString,
  error: parseAsString,
};

export const loadLoginPageParams = createLoader(loginPageParsers);
export const serializeLoginPageParams = createSerializer(loginPageParsers);
