import type { ReactNode } from "react";
import { cn } from "@/components/ui/cn";

/** A figure with its name, large. */
export function Stat({ label, value, testId, className }: { label: ReactNode; value: ReactNode; testId?: string; className?: string }) {
  return (
    <div className={cn("min-w-0", className)}>
      <dt className="text-sm text-muted">{label}</dt>
      <dd className="text-2xl font-semibold tabular-nums wrap-anywhere" data-testid={testId}>
        {value}
      </dd>
    </div>
  );
}
