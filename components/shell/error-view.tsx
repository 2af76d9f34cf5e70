"use client";

import { useEffect } from "react";
import { useT } from "@/components/shell/i18n-provider";
import { Button } from "@/components/ui/button";

/** What an error boundary shows: no internals, a reference for the logs, and a retry. */
export function ErrorView({ error, retry }: { error: unknown; retry: () => void }) {
  const t = useT();
  const digest = error instanceof Error ? (error as Error & { digest?: string }).digest : undefined;
  useEffect(() => {
    document.getElementById("error-title")?.focus();
  }, []);
  return (
    <div role="alert" className="mx-auto max-w-lg space-y-4 rounded-lg border border-danger bg-surface p-6">
      <h1 id="error-title" tabIndex={-1} className="text-xl font-semibold">
        {t("error.title")}
      </h1>
      <p className="text-sm text-muted">{t("error.description")}</p>
      {digest ? <p className="font-mono text-xs text-muted">{t("error.reference", { digest })}</p> : null}
      <Button onClick={retry}>{t("error.retry")}</Button>
    </div>
  );
}
