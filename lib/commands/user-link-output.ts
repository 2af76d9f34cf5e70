// What scripts/user-create.ts and scripts/user-password.ts share: the password an operator names with --password-env, and the output.
import { namedVariable } from "@/lib/core/config.mjs";

/** The value of the variable --password-env names; undefined without the option; null (after one line) when it is unset or empty. */
export function passwordFromEnv(label: string, name: string | undefined): string | undefined | null {
  if (name === undefined) return undefined;
  const value = namedVariable(name);
  if (!value) {
    console.error(`${label}: --password-env ${name}: the environment variable ${name} is unset or empty`);
    return null;
  }
  return value;
}

export function printUserLink(link: { url: string; expiresAt: string } | null, passwordEnv: string | undefined): void {
  if (link) console.log(`One-time link (shown once, valid until ${link.expiresAt}): ${link.url}`);
  else console.log(`Password set from ${passwordEnv}.`);
}
