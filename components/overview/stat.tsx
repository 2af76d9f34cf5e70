import type { ReactNode } from "react";

/** A figure with its name, large. */
export function Stat({ label, value, testId }: { label: ReactNode; value: ReactNode; testId?: string }) {
  return (
    <div className="min-w-0">
      <dt className="text-sm text-muted">{label}</dt>
      <dd className="text-2xl font-semibold tabular-nums wrap-anywhere" data-testid={testId}>
        {value}
      </dd>
    </div>
  );
}
