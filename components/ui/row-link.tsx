import type { ComponentProps } from "react";
import Link from "next/link";

/**
 * A link of a table (a row's page, a column's sort, the pager's pages): never prefetched. Next prefetches every link
 * that comes into view, so a page of rows would fetch each row's page (and each sort's) from the server as it loads, a
 * request and a payload to decode per link on the main thread while the page starts, and for nothing: the dashboard's
 * pages are rendered per request without a loading.js, which is as far as Next prefetches such a page. The page is
 * fetched when it is opened.
 */
export function RowLink(props: Omit<ComponentProps<typeof Link>, "prefetch">) {
  return <Link {...props} prefetch={false} />;
}
