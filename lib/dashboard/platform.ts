import "server-only";
import { cache } from "react";
import { getDb } from "@/lib/db/client";
import { connectPlatform, noteFailure, type PlatformClient } from "@/lib/api";
import { getLocale, getTranslator } from "@/lib/i18n/server";
import { toActionError } from "@/lib/auth/action-errors";
import type { ActionResult } from "@/lib/core/actions/result";

/**
 * The platform client for this request: the configured connection, errors in the user's language, interactive lane.
 * Once per render (React `cache`): a page whose parts each load from the platform reads and decrypts the stored
 * connection once, not once per part. Outside a render (route handlers, actions) every call connects afresh.
 */
export const getPlatform = cache(async (): Promise<PlatformClient> =>
  // One scope per render: once a call of the page got no answer, its other calls fail at once (lib/api/client.ts),
  // so that the page answers within one timeout and says why.
  connectPlatform(await getDb(), { lang: await getLocale(), lane: "interactive", scope: { noAnswerSince: null } }),
);

/**
 * For server components: runs fn with the platform and turns a failure into a
 * typed result the page renders (with a retry), instead of an error page.
 */
export async function loadFromPlatform<T>(fn: (api: PlatformClient) => Promise<T>): Promise<ActionResult<T>> {
  let api: PlatformClient | null = null;
  try {
    api = await getPlatform();
    return { ok: true, data: await fn(api) };
  } catch (error) {
    // A 401 or 402 means the key or its plan changed: what was cached for it goes.
    if (api) await noteFailure(api, error);
    return { ok: false, error: toActionError(error, await getTranslator()) };
  }
}
