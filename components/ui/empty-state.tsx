import type { ReactNode } from "react";
import { cn } from "./cn";

/**
 * What a page or table says when it has nothing to show: the message, and what to do next (links or buttons styled as
 * buttons, each one an action the viewer's role may take; the caller leaves out the others or says why). Hook-free, so
 * it renders on the server and inside DataTable's empty row alike; `center` inside a table's centred empty row.
 */
export function EmptyState({
  message,
  children,
  center = false,
  className,
  testId,
}: {
  message: ReactNode;
  children?: ReactNode;
  center?: boolean;
  className?: string;
  testId?: string;
}) {
  return (
    <div className={cn("space-y-3", center && "text-center", className)} data-testid={testId}>
      <p className="text-muted">{message}</p>
      {children ? <div className={cn("flex flex-wrap items-center gap-2", center && "justify-center")}>{children}</div> : null}
    </div>
  );
}
