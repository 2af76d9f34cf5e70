"use client";

import { useCallback, useMemo, type TransitionStartFunction } from "react";
import { useRouter, useSearchParams } from "next/navigation";
import { createLoader, createSerializer, type inferParserType, type Nullable, type ParserMap } from "nuqs/server";

export interface UrlStateOptions {
  /** A new history entry per change (`push`), or the current one replaced (the default). */
  history?: "push" | "replace";
  /**
   * Shallow (the default): the URL changes in the browser only (Next's router takes native pushState/replaceState into
   * useSearchParams), the server does not render the page again. `false`: a navigation, the server renders it again.
   */
  shallow?: boolean;
  /** With `shallow: false`, the navigation runs in this transition (its `pending` says the server is rendering). */
  startTransition?: TransitionStartFunction;
}

/**
 * The page's URL state through the parser map its server loader uses: the values parsed from the URL (each key's
 * default when absent or not parsing), and a setter taking some keys (null: back to the default, left out of the URL).
 * What nuqs' useQueryStates does for the dashboard, on Next's own router: no adapter, no update queue in every page's
 * first load. The page never scrolls on a change.
 */
export function useUrlState<Parsers extends ParserMap>(
  parsers: Parsers,
  { history = "replace", shallow = true, startTransition }: UrlStateOptions = {},
): [inferParserType<Parsers>, (patch: Partial<Nullable<inferParserType<Parsers>>>) => void] {
  const searchParams = useSearchParams();
  const router = useRouter();
  const [load, serialize] = useMemo(() => [createLoader(parsers), createSerializer(parsers)] as const, [parsers]);
  const values = useMemo(() => load(new URLSearchParams(searchParams.toString())), [load, searchParams]);
  const setValues = useCallback(
    (patch: Partial<Nullable<inferParserType<Parsers>>>) => {
      // From the address bar, not the last render: two changes in one event both land.
      const current = `${window.location.pathname}${window.location.search}${window.location.hash}`;
      const url = serialize(current, patch);
      if (url === current) return;
      if (shallow) {
        window.history[history === "push" ? "pushState" : "replaceState"](null, "", url);
        return;
      }
      const navigate = () => (history === "push" ? router.push(url, { scroll: false }) : router.replace(url, { scroll: false }));
      if (startTransition) startTransition(navigate);
      else navigate();
    },
    [serialize, shallow, history, router, startTransition],
  );
  return [values, setValues];
}
