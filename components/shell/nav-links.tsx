"use client";

import Link, { useLinkStatus } from "next/link";
import { usePathname } from "next/navigation";
import { useT } from "@/components/shell/i18n-provider";
import { cn } from "@/components/ui/cn";
import { pagesFor } from "@/lib/dashboard/pages";
import { useViewer } from "./providers";

/**
 * A dot at the end of a link while the page it opens is on its way (the pages have no loading skeleton: their first
 * paint is the whole page, rows included). Always there, so nothing moves when it shows.
 */
function Pending() {
  const { pending } = useLinkStatus();
  return (
    <span
      aria-hidden="true"
      data-pending={pending ? "" : undefined}
      className={cn("ml-auto h-2 w-2 shrink-0 rounded-full bg-current transition-opacity", pending ? "animate-pulse opacity-100" : "opacity-0")}
    />
  );
}

export function NavLinks({ onNavigate }: { onNavigate?: () => void }) {
  const pathname = usePathname();
  const t = useT();
  const links = pagesFor(useViewer().permissions).filter((page) => page.inNav);
  return (
    <ul className="space-y-1">
      {links.map((link) => {
        const active = pathname === link.href || pathname.startsWith(`${link.href}/`);
        return (
          <li key={link.href}>
            {/* Not prefetched: every page here is rendered per request without a loading state, so a prefetch brings
                nothing but a request per link on every page view (Next prefetches a dynamic page only down to a
                loading.js). The pending dot shows while the page comes. */}
            <Link
              href={link.href}
              prefetch={false}
              onClick={onNavigate}
              aria-current={active ? "page" : undefined}
              className={cn(
                "flex items-center gap-3 rounded-md px-3 py-2 text-sm font-medium",
                active ? "bg-primary text-primary-fg" : "text-fg hover:bg-surface-2",
              )}
            >
              <svg
                aria-hidden="true"
                viewBox="0 0 24 24"
                className="h-5 w-5 shrink-0"
                fill="none"
                stroke="currentColor"
                strokeWidth="1.8"
                strokeLinecap="round"
                strokeLinejoin="round"
              >
                <path d={link.icon} />
              </svg>
              {t(link.labelKey)}
              <Pending />
            </Link>
          </li>
        );
      })}
    </ul>
  );
}
