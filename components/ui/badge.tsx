import type { ReactNode } from "react";
import { cn } from "./cn";

type Tone = "neutral" | "info" | "success" | "warning" | "danger";

const tones: Record<Tone, string> = {
  neutral: "border-border bg-surface-2",
  info: "border-primary bg-surface text-primary",
  success: "border-success bg-success-bg text-success",
  warning: "border-warning bg-warning-bg text-warning",
  danger: "border-danger bg-danger-bg text-danger",
};

/** A short label; `tone` colours a state (the words still say it: colour is never the only sign). */
export function Badge({ children, tone = "neutral", className }: { children: ReactNode; tone?: Tone; className?: string }) {
  return <span className={cn("inline-flex items-center rounded-full border px-2 py-0.5 text-xs font-medium", tones[tone], className)}>{children}</span>;
}
