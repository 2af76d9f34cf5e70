"use client";

import { useEffect, type ReactNode } from "react";
import { Alert } from "./alert";
import { useExpiring } from "./use-expiring";

/**
 * A success notice that arrived in the URL (`?created=1`, `?deleted=<name>`):
 * shown once. The parameter leaves the address as soon as the notice is on
 * screen, so a reload or a shared link does not show it again, and the notice
 * itself goes away when stale (useExpiring).
 */
export function OneShotNotice({ param, className, children }: { param: string; className?: string; children: ReactNode }) {
  const [shown] = useExpiring(true);
  useEffect(() => {
    const url = new URL(window.location.href);
    if (!url.searchParams.has(param)) return;
    url.searchParams.delete(param);
    window.history.replaceState(null, "", `${url.pathname}${url.search}${url.hash}`);
  }, [param]);
  return (
    <div aria-live="polite" data-testid={`notice-${param}`}>
      {shown ? (
        <Alert tone="success" live className={className}>
          {children}
        </Alert>
      ) : null}
    </div>
  );
}
