"use client";

import { useT } from "@/components/shell/i18n-provider";
import { lazyComponent } from "@/components/ui/lazy-component";

// The reading of the budget (react-query, polling) loads in the browser after the page: the shell on every page stays
// without react-query, and the status region is there from the first paint, so that a wait is announced when it shows.
const { Component: BudgetWait } = lazyComponent(() => import("./budget-wait").then((module) => module.BudgetWait), { ssr: false });
const { Component: PlatformOutage } = lazyComponent(() => import("./platform-outage").then((module) => module.PlatformOutage), { ssr: false });

/** Says so when the platform's rate limit makes requests wait; silent otherwise. */
export function BudgetIndicator() {
  const t = useT();
  return (
    <p role="status" aria-label={t("budget.label")} className="truncate text-sm text-warning">
      <BudgetWait />
    </p>
  );
}

/** Says so when the platform is not answering (the same reading as the budget's); nothing otherwise. */
export function PlatformOutageBanner() {
  return <PlatformOutage />;
}
