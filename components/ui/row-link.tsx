import type { ComponentProps } from "react";
import Link from "next/link";

/**
 * A link inside a table (a row's page, a column's sort): never prefetched. Next prefetches every link that comes into
 * view, so a page of rows would fetch each row's page (and each sort's) from the server as it loads, a request and a
 * payload to decode per link on the main thread while the page starts. The page is fetched when it is opened.
 */
export function RowLink(props: Omit<ComponentProps<typeof Link>, "prefetch">) {
  return <Link {...props} prefetch={false} />;
}
