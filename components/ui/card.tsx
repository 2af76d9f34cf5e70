import type { ReactNode } from "react";
import { cn } from "./cn";

export function Card({
  title,
  description,
  children,
  className,
  titleId,
}: {
  title?: ReactNode;
  description?: ReactNode;
  children: ReactNode;
  className?: string;
  titleId?: string;
}) {
  return (
    <section className={cn("rounded-lg border border-border bg-surface p-4 shadow-sm sm:p-6", className)} aria-labelledby={title ? titleId : undefined}>
      {title ? (
        <h2 id={titleId} className="text-lg font-semibold wrap-anywhere">
          {title}
        </h2>
      ) : null}
      {description ? <p className="mt-1 text-sm text-muted">{description}</p> : null}
      <div className={title || description ? "mt-4" : undefined}>{children}</div>
    </section>
  );
}

export function PageHeader({ title, children }: { title: ReactNode; children?: ReactNode }) {
  return (
    <div className="mb-6 flex flex-wrap items-end justify-between gap-3">
      <h1 className="min-w-0 text-2xl font-semibold tracking-tight wrap-anywhere">{title}</h1>
      {children ? <div className="text-sm text-muted">{children}</div> : null}
    </div>
  );
}
