import type { ReactNode } from "react";
import { cn } from "./cn";

type Tone = "info" | "success" | "warning" | "danger";

const tones: Record<Tone, string> = {
  info: "border-border bg-surface-2 text-fg",
  success: "border-success bg-success-bg text-success",
  warning: "border-warning bg-warning-bg text-warning",
  danger: "border-danger bg-danger-bg text-danger",
};

export function Alert({
  tone = "info",
  title,
  children,
  className,
  live,
}: {
  tone?: Tone;
  title?: ReactNode;
  children?: ReactNode;
  className?: string;
  live?: boolean;
}) {
  return (
    <div className={cn("rounded-md border px-4 py-3 text-sm", tones[tone], className)} role={live ? (tone === "danger" ? "alert" : "status") : undefined}>
      {title ? <p className="font-medium">{title}</p> : null}
      {children ? <div className={title ? "mt-1" : undefined}>{children}</div> : null}
    </div>
  );
}

/** The outcome of the last action, in a region that screen readers announce; empty until there is one. */
export function Notice({ notice }: { notice: { tone: Tone; text: ReactNode } | null }) {
  return (
    <div aria-live="polite">
      {notice ? (
        <Alert tone={notice.tone} live>
          {notice.text}
        </Alert>
      ) : null}
    </div>
  );
}
