/**
 * What the command palette's search answers for a typed text: contacts (by the
 * platform's `search` extension, or by id without it) and lists by name.
 * `contactSearch` says how contacts were searched: "none" when the platform
 * cannot search text and the text is not an id, "unavailable" when the platform
 * is not answering (the palette says so; the lists come from what the dashboard keeps).
 */
export interface PaletteSearchResult {
  contacts: { id: number; name: string; bot: string; href: string }[];
  contactSearch: "platform" | "id" | "none" | "unavailable";
  lists: { id: string; name: string; href: string }[];
}

/** Results shown per group: the palette is for jumping, the browsers are for browsing. */
export const PALETTE_RESULTS = 8;
