/**
 * Where to go after sign-in: `value` (a callbackUrl from the address bar) only
 * when it resolves to this site's own origin, as a path with its query and
 * fragment; anything else — another host, a scheme-relative `//host`, `/\host`
 * (browsers read the backslash as a slash), tab or newline tricks, a
 * `javascript:` URL, something that does not parse — goes to the home page.
 */
export const HOME_PATH = "/";

export function sameOriginPath(value: string | null | undefined, origin: string): string {
  if (!value) return HOME_PATH;
  let target: URL;
  try {
    target = new URL(value, origin);
  } catch {
    return HOME_PATH;
  }
  if (target.origin !== new URL(origin).origin) return HOME_PATH;
  return `${target.pathname}${target.search}${target.hash}`;
}
