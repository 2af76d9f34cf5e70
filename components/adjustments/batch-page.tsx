"use client";

import { useEffect, useState, type ReactNode } from "react";
import dynamic from "next/dynamic";
import { island } from "@/components/ui/island";
import { useRouter } from "next/navigation";
import { useI18n } from "@/components/shell/i18n-provider";
import { Card } from "@/components/ui/card";
import { cancelBatchAction, confirmRunAction, requestDryRunAction, saveMappingAction } from "@/lib/features/adjustments/actions";
import type { StoredTotals } from "@/lib/features/adjustments/records";
import type { BatchView } from "@/lib/features/adjustments/views";
import { BatchFacts } from "./batch-facts";
import { BatchProgress } from "./batch-progress";
import { BatchResult } from "./batch-result";
import { ConfirmRun } from "./confirm-run";
import { DryRunButton } from "./dry-run-button";
import { DuplicatesNote, SameFileNote } from "./notes";
import { StoppedNote } from "./stopped-note";
import { callAction } from "@/lib/core/actions/call-action";

// The mapping form (react-hook-form) is rendered on the server and becomes interactive when its chunk arrives, right
// after the page's own code: react-hook-form is not part of the page's first load.
const MappingForm = dynamic(() => import("./mapping-form").then((module) => island(module.MappingForm, "mapping")));

/** How often the page reads the batch again while the worker is on it. */
const REFRESH_MS = 2_000;

/**
 * A batch's page: the file's columns, its problems and totals, the dry run, the confirmation, the
 * run's progress and its result, each as the batch's status allows. While the worker checks or runs
 * the batch, the page reads it again every two seconds. The tables (problems, totals, the dry run's refusals) are drawn
 * on the server and come in as `tables`: the page ships no table code.
 */
export function BatchPage({
  view,
  totals,
  resultHref,
  tables,
}: {
  view: Omit<BatchView, "problems" | "dryRun">;
  totals: StoredTotals | null;
  resultHref: string;
  tables: {
    /** ProblemsTable, or null when the file has no problems. */
    problems: ReactNode;
    /** TotalsTable of the valid rows (again above Run). */
    totals: ReactNode;
    /** DryRunSummary, or null before a dry run finished. */
    dryRun: ReactNode;
  };
}) {
  const { t } = useI18n();
  const router = useRouter();
  const { summary } = view;
  const batchId = summary.id;
  const [acknowledged, setAcknowledged] = useState(false);
  const working = summary.status === "checking" || summary.status === "running";
  useEffect(() => {
    if (!working) return;
    const timer = setInterval(() => router.refresh(), REFRESH_MS);
    return () => clearInterval(timer);
  }, [working, router]);

  const editable = summary.status === "uploaded" || summary.status === "validated" || summary.status === "checked";
  const ran =
    summary.status === "running" ||
    summary.status === "finished" ||
    summary.status === "stopped" ||
    (summary.status === "cancelled" && summary.progress.done > 0);
  const refresh = () => router.refresh();
  const blocked = view.sameFile.length > 0 && !acknowledged ? t("adjustments.page.same_file.unconfirmed") : null;

  return (
    <div className="space-y-6">
      <BatchFacts summary={summary} />
      {editable ? (
        <Card title={t("adjustments.page.section.mapping")} titleId="batch-mapping">
          <MappingForm
            headers={view.headers}
            firstRow={view.firstRow}
            suggested={view.suggestedMapping}
            mapping={view.mapping}
            action={(mapping) => callAction(saveMappingAction, { batchId, mapping: { ...mapping } }, t)}
            onSaved={refresh}
          />
        </Card>
      ) : null}
      {summary.status !== "uploaded" ? (
        <>
          {tables.problems !== null ? (
            <Card title={t("adjustments.page.section.problems")} titleId="batch-problems">
              {tables.problems}
            </Card>
          ) : null}
          <DuplicatesNote duplicates={view.duplicates} />
          <Card title={t("adjustments.page.section.totals")} titleId="batch-totals">
            {tables.totals}
          </Card>
        </>
      ) : null}
      {editable || summary.status === "checking" ? (
        <Card title={t("adjustments.page.section.dry_run")} titleId="batch-dry-run">
          <div className="space-y-4">
            {summary.status !== "checking" ? tables.dryRun : null}
            <DryRunButton
              action={() => callAction(requestDryRunAction, { batchId }, t)}
              onStarted={refresh}
              checking={summary.status === "checking"}
              checkedBefore={tables.dryRun !== null}
              disabledReason={
                summary.status === "uploaded" ? t("adjustments.page.dry_run.needs_mapping") : summary.valid === 0 ? t("adjustments.batch.nothing_valid") : null
              }
            />
          </div>
        </Card>
      ) : null}
      {summary.status === "checked" ? (
        <Card title={t("adjustments.page.section.run")} titleId="batch-run">
          <div className="space-y-4">
            <SameFileNote earlier={view.sameFile} acknowledged={acknowledged} onAcknowledgedChange={setAcknowledged} />
            <ConfirmRun
              summary={summary}
              confirm={view.confirm}
              action={() => callAction(confirmRunAction, { batchId, totals: totals ?? {}, sameFileAcknowledged: acknowledged }, t)}
              onStarted={refresh}
              blockedReason={blocked}
              totalsTable={tables.totals}
            />
          </div>
        </Card>
      ) : null}
      {ran ? (
        <Card title={t("adjustments.page.section.run")} titleId="batch-progress">
          <div className="space-y-4">
            <BatchProgress
              status={summary.status}
              progress={summary.progress}
              etaSeconds={view.etaSeconds}
              waitReason={view.waitReason}
              waitSeconds={view.waitSeconds}
              onCancel={() => callAction(cancelBatchAction, { batchId }, t)}
            />
            <StoppedNote summary={summary} />
            {summary.status === "running" ? null : <BatchResult summary={summary} downloadHref={resultHref} unknown={view.unknown} />}
          </div>
        </Card>
      ) : null}
    </div>
  );
}
