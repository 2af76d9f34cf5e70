import "server-only";
import { getDb } from "@/lib/db/client";
import { connectPlatform, type PlatformClient } from "@/lib/api";
import { getLocale, getTranslator } from "@/lib/i18n/server";
import { toActionError } from "@/lib/auth/action-errors";
import type { ActionResult } from "./action-result";

/** The platform client for this request: the configured connection, errors in the user's language, interactive lane. */
export async function getPlatform(): Promise<PlatformClient> {
  return connectPlatform(await getDb(), { lang: await getLocale(), lane: "interactive" });
}

/**
 * For server components: runs fn with the platform and turns a failure into a
 * typed result the page renders (with a retry), instead of an error page.
 */
export async function loadFromPlatform<T>(fn: (api: PlatformClient) => Promise<T>): Promise<ActionResult<T>> {
  try {
    return { ok: true, data: await fn(await getPlatform()) };
  } catch (error) {
    return { ok: false, error: toActionError(error, await getTranslator()) };
  }
}
