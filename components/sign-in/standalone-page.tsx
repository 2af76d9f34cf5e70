import type { ReactNode } from "react";
import { cn } from "@/components/ui/cn";

const WIDTHS = { sm: "max-w-sm", md: "max-w-md", lg: "max-w-lg" } as const;

/**
 * A page outside the dashboard's shell (sign-in, a one-time link, the two-factor set-up): one card in the middle of the
 * screen with the app's name over the page's title, and what goes under the card (the language and theme switches, a
 * sign-out button).
 */
export function StandalonePage({
  appName,
  title,
  width = "sm",
  below,
  children,
}: {
  appName: string;
  title: string;
  width?: keyof typeof WIDTHS;
  below?: ReactNode;
  children: ReactNode;
}) {
  return (
    <main id="main" className="flex min-h-screen flex-col items-center justify-center gap-6 p-4">
      <div className={cn("w-full rounded-lg border border-border bg-surface p-6 shadow-sm", WIDTHS[width])}>
        <p className="text-sm text-muted">{appName}</p>
        <h1 className="mt-1 text-2xl font-semibold">{title}</h1>
        {children}
      </div>
      {below}
    </main>
  );
}
