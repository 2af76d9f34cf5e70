/**
 * next-auth's credentials sign-in over plain HTTP (fetch), as the login form sends it: the CSRF token and its cookie,
 * then the callback. For the tests and benchmarks that run a server and sign in without a browser; Playwright's own
 * request context has its helper in e2e/helpers.ts.
 */
import type { Dispatcher } from "undici";

/** How a request goes out: undici's dispatcher (another source address, a certificate to trust); default: fetch's own. */
const through = (dispatcher: Dispatcher | undefined): RequestInit => (dispatcher ? ({ dispatcher } as RequestInit) : {});

/** The cookies a response sets, as "name=value" pairs (attributes left out), ready for a Cookie header. */
const cookiesSetBy = (response: Response): string[] => (response.headers.getSetCookie() ?? []).map((line) => line.split(";")[0]);

export interface Csrf {
  csrfToken: string;
  /** The CSRF cookie as a Cookie header's pair. */
  cookie: string;
}

/** A CSRF token and its cookie, as the login page gets them. */
export async function csrfOf(baseUrl: string, dispatcher?: Dispatcher): Promise<Csrf> {
  const answer = await fetch(`${baseUrl}/api/auth/csrf`, through(dispatcher));
  const cookie = cookiesSetBy(answer).join("; ");
  const { csrfToken } = (await answer.json()) as { csrfToken: string };
  return { csrfToken, cookie };
}

export interface SignInAnswer {
  status: number;
  /** The error the form would show (`invalid_credentials`, `throttled:<seconds>`, …); null on success. */
  error: string | null;
  retryAfter: string | null;
  /** Every cookie held after the answer (the CSRF one and, on success, the session's), for a Cookie header. */
  cookie: string;
  /** The answer's body as sent (next-auth's JSON, or what answered instead). */
  body: string;
}

/**
 * One sign-in through the credentials callback. `csrf`: a token to reuse (one script reusing it); `headers`: more
 * request headers (an X-Forwarded-For the client writes itself); `dispatcher`: how to connect (e.g. an undici Agent
 * with a `localAddress`, to sign in from 127.0.0.2).
 */
export async function signInOverHttp(
  baseUrl: string,
  email: string,
  password: string,
  options: { csrf?: Csrf; headers?: Record<string, string>; dispatcher?: Dispatcher } = {},
): Promise<SignInAnswer> {
  const csrf = options.csrf ?? (await csrfOf(baseUrl, options.dispatcher));
  const answer = await fetch(`${baseUrl}/api/auth/callback/credentials`, {
    ...through(options.dispatcher),
    method: "POST",
    redirect: "manual",
    headers: { cookie: csrf.cookie, "content-type": "application/x-www-form-urlencoded", ...options.headers },
    body: new URLSearchParams({ csrfToken: csrf.csrfToken, email, password, json: "true" }),
  });
  const body = await answer.text();
  let error: string | null = null;
  try {
    error = new URL((JSON.parse(body) as { url: string }).url).searchParams.get("error");
  } catch {
    error = null;
  }
  const jar = new Map(
    [csrf.cookie, ...cookiesSetBy(answer)]
      .filter(Boolean)
      .flatMap((pairs) => pairs.split("; "))
      .map((pair) => [pair.slice(0, pair.indexOf("=")), pair]),
  );
  return { status: answer.status, error, retryAfter: answer.headers.get("retry-after"), cookie: [...jar.values()].join("; "), body };
}
