import { z } from "zod";
import { authedRoute } from "@/lib/auth/authed-route";
import { loadContactBrowserParams } from "@/lib/features/contacts/browser-params";
import { loadContactPage } from "@/lib/features/contacts/load-contacts";
import { timeZoneOr } from "@/lib/i18n/time-zone";
import { getPlatform } from "@/lib/dashboard/platform";

export const dynamic = "force-dynamic";

/**
 * A page of the contact browser for react-query: the same URL parameters as the
 * page (parsed by the same loader, tolerantly) plus `tz`, the browser's zone.
 */
export const GET = authedRoute("contacts.read", z.record(z.string(), z.string()), async (query, _context, request) => {
  const params = loadContactBrowserParams(new URL(request.url).searchParams);
  return loadContactPage(await getPlatform(), params, timeZoneOr(query.tz));
});
