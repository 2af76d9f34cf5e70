import type { ReactNode } from "react";
import { AppRouterContext, type AppRouterInstance } from "next/dist/shared/lib/app-router-context.shared-runtime";
import { PathnameContext, SearchParamsContext } from "next/dist/shared/lib/hooks-client-context.shared-runtime";

/** Where a component under test navigated (router.push / replace), in order. */
export interface RecordedRouter {
  visited: string[];
}

/**
 * Next's App Router contexts for a component test: the page is `pathname`, and
 * navigation is recorded in `router.visited` instead of loading a page.
 */
export function WithAppRouter({
  pathname = "/contacts",
  search = "",
  router,
  children,
}: {
  pathname?: string;
  /** The page's query string (`?bot=5`), as useSearchParams reads it. */
  search?: string;
  router: RecordedRouter;
  children: ReactNode;
}) {
  const instance: AppRouterInstance = {
    push: (href) => void router.visited.push(href),
    replace: (href) => void router.visited.push(href),
    back: () => {},
    forward: () => {},
    refresh: () => {},
    prefetch: () => {},
    bfcacheId: "test",
  };
  return (
    <AppRouterContext.Provider value={instance}>
      <PathnameContext.Provider value={pathname}>
        <SearchParamsContext.Provider value={new URLSearchParams(search)}>{children}</SearchParamsContext.Provider>
      </PathnameContext.Provider>
    </AppRouterContext.Provider>
  );
}
