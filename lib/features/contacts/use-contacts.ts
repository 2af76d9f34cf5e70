"use client";

import { hashKey, keepPreviousData } from "@tanstack/react-query";
import { serializeContactBrowserParams, type ContactBrowserParams, type ContactPageRequest } from "@/lib/features/contacts/browser-params";
import type { ContactPageView } from "@/lib/features/contacts/rows";
import { fetchJson } from "@/lib/core/actions/fetch-json";
import { queryKeys } from "../../dashboard/queries/keys";
import { useDashboardQuery } from "../../dashboard/queries/query-client";

const CONTACTS_URL = "/api/dashboard/contacts";

/** The zone matters to the platform only when a date filter is set; without one, every zone shares the cache entry. */
export function contactPageRequest(params: ContactBrowserParams, timeZone: string): ContactPageRequest {
  const { q, bot, from, to, sort, page, size } = params;
  return { q, bot, from, to, sort, page, size, tz: from !== null || to !== null ? timeZone : null };
}

/** `/api/dashboard/contacts?bot=…&page=…&tz=…`: the page's own parameters (its serializer), then the zone. */
export function contactPageUrl({ tz, ...params }: ContactPageRequest): string {
  const query = new URLSearchParams(serializeContactBrowserParams(params));
  if (tz) query.set("tz", tz);
  const text = query.toString();
  return text ? `${CONTACTS_URL}?${text}` : CONTACTS_URL;
}

/**
 * One page of the contact browser; the previous page stays on screen while the
 * next one loads. The page the server rendered seeds the cache when the URL
 * still asks for it (`isInitialPage`).
 */
export function useContactPage(
  params: ContactBrowserParams,
  timeZone: string,
  initial: { params: ContactBrowserParams; timeZone: string; data: ContactPageView | null },
) {
  const request = contactPageRequest(params, timeZone);
  const isInitialPage = hashKey([request]) === hashKey([contactPageRequest(initial.params, initial.timeZone)]);
  const query = useDashboardQuery({
    queryKey: queryKeys.contacts.page(request),
    queryFn: ({ signal }) => fetchJson<ContactPageView>(contactPageUrl(request), { signal }),
    placeholderData: keepPreviousData,
    initialData: initial.data && isInitialPage ? initial.data : undefined,
    retry: false,
  });
  return { query, isInitialPage };
}
