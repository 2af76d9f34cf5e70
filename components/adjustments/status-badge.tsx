"use client";

import { useT } from "@/components/shell/i18n-provider";
import { Badge } from "@/components/ui/badge";
import type { BatchStatus } from "@/lib/features/adjustments/views";

const TONES: Record<BatchStatus, "neutral" | "info" | "success" | "warning" | "danger"> = {
  uploaded: "neutral",
  validated: "neutral",
  checking: "info",
  checked: "info",
  running: "info",
  finished: "success",
  cancelled: "warning",
  failed: "danger",
  stopped: "danger",
};

/** A batch's status in words, coloured by how it stands. */
export function BatchStatusBadge({ status }: { status: BatchStatus }) {
  const t = useT();
  return (
    <Badge tone={TONES[status]}>
      <span data-testid="batch-status" data-status={status}>
        {t(`adjustments.page.status.${status}`)}
      </span>
    </Badge>
  );
}
