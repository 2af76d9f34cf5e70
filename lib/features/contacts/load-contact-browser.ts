import "server-only";
import { getDb } from "@/lib/db/client";
import { hasContactSearch, isConnectionProblem } from "@/lib/api";
import type { ActionError } from "@/lib/core/actions/result";
import { freshnessOf, type Freshness } from "@/lib/dashboard/freshness";
import { loadFromPlatform } from "@/lib/dashboard/platform";
import type { ContactBrowserParams } from "./browser-params";
import type { ContactColumn } from "./columns";
import { getHiddenColumns } from "./column-settings";
import { loadBotOptions, loadContactPage } from "./load-contacts";
import type { ContactPageView } from "./rows";
import type { SavedView } from "./saved-views/forms";
import { listSavedViews } from "./saved-views/store";

/** What the contact browser's page renders with: the first page as the URL asks, and the viewer's columns and views. */
export interface ContactBrowserView {
  /** The platform could not be reached or is not set up: the page shows that instead of the browser. */
  connectionProblem: ActionError | null;
  /** What the server rendered with: the URL as its loader parsed it, the zone, and the page (or the failure). */
  initial: { params: ContactBrowserParams; timeZone: string; data: ContactPageView | null; error: ActionError | null };
  hiddenColumns: ContactColumn[];
  savedViews: SavedView[];
  /** From getMe; null when the platform does not list its bots or did not answer. */
  bots: { id: number; label: string }[] | null;
  /** Whether the platform searches (an unanswered probe counts as yes). */
  searchSupported: boolean;
  /** When the cached getMe behind the bot names was fetched (the page itself is read fresh); null without it. */
  freshness: Freshness | null;
}

/**
 * The contact browser's first page for the viewer: their hidden columns and saved views from the dashboard's
 * database, the page, the bots and the search probe from the platform, all read side by side.
 */
export async function loadContactBrowser(userId: number, params: ContactBrowserParams, timeZone: string): Promise<ContactBrowserView> {
  const db = await getDb();
  const [hiddenColumns, savedViews, page, bots, search] = await Promise.all([
    getHiddenColumns(db, userId),
    listSavedViews(db, userId),
    loadFromPlatform((api) => loadContactPage(api, params, timeZone)),
    loadFromPlatform((api) => loadBotOptions(api)),
    loadFromPlatform((api) => hasContactSearch(api)),
  ]);
  return {
    connectionProblem: !page.ok && isConnectionProblem(page.error.code) ? page.error : null,
    initial: { params, timeZone, data: page.ok ? page.data : null, error: page.ok ? null : page.error },
    hiddenColumns,
    savedViews,
    bots: bots.ok ? bots.data.bots : null,
    searchSupported: search.ok ? search.data : true,
    freshness: bots.ok ? freshnessOf([{ name: bots.data.entry, fetchedAt: bots.data.fetchedAt, stale: bots.data.stale }]) : null,
  };
}
