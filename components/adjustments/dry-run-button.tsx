"use client";

import { useId } from "react";
import { useI18n } from "@/components/shell/i18n-provider";
import { Button } from "@/components/ui/button";
import type { ActionResult } from "@/lib/core/actions/result";
import { useSingleFlight } from "./use-single-flight";

/**
 * Starts the dry run (the platform is asked, nothing changes): one request per click, disabled with the reason
 * while a check runs or when the page gives one. A check can be made again later (balances change); the server
 * refuses a second one while the first runs.
 */
export function DryRunButton({
  action,
  onStarted,
  checking,
  checkedBefore = false,
  disabledReason = null,
}: {
  action: () => Promise<ActionResult<unknown>>;
  onStarted?: () => void;
  /** A check of this batch is running (status "checking"). */
  checking: boolean;
  /** A check finished before: the button says "Check again". */
  checkedBefore?: boolean;
  /** Why no check can start now (no valid rows, the batch runs), or null. */
  disabledReason?: string | null;
}) {
  const { t } = useI18n();
  const id = useId();
  const { send, pending, problem } = useSingleFlight(action);
  const reason = disabledReason ?? (checking ? t("adjustments.page.dry_run.checking") : null);
  return (
    <div className="space-y-2" data-testid="dry-run-start">
      <p className="text-sm text-muted">{t("adjustments.page.dry_run.hint")}</p>
      <div className="flex flex-wrap items-center gap-3">
        <Button
          variant="secondary"
          disabled={pending || reason !== null}
          aria-busy={pending || undefined}
          aria-describedby={reason ? `${id}-reason` : undefined}
          onClick={async () => {
            if (await send()) onStarted?.();
          }}
        >
          {pending ? t("adjustments.page.dry_run.starting") : checkedBefore ? t("adjustments.page.dry_run.again") : t("adjustments.page.dry_run.start")}
        </Button>
        {reason ? (
          <p id={`${id}-reason`} className="text-sm text-muted" role={checking ? "status" : undefined}>
            {reason}
          </p>
        ) : null}
      </div>
      {problem ? (
        <p className="text-sm text-danger" role="alert">
          {t(problem)}
        </p>
      ) : null}
    </div>
  );
}
