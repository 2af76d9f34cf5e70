import "server-only";
import { inspectOneTimeLink, type LinkPurpose, type LinkRefusal } from "@/lib/auth/one-time-links";
import { getDb } from "@/lib/db/client";

/** What a one-time link's page shows: whose link it is and what for, or why it no longer works. */
export type WelcomeView = { ok: true; purpose: LinkPurpose; name: string; email: string } | { ok: false; reason: LinkRefusal };

/** The link behind a welcome page's token, read only: opening it changes nothing. */
export async function loadWelcome(token: string): Promise<WelcomeView> {
  const inspected = await inspectOneTimeLink(await getDb(), token);
  if (!inspected.ok) return { ok: false, reason: inspected.reason };
  const { purpose, name, email } = inspected.link;
  return { ok: true, purpose, name, email };
}
