/**
 * A window event a page sends when one of its loads got no answer from the platform, so that the shell reads the
 * platform's status at once (components/shell/platform-outage.tsx) rather than at its next poll.
 */
export const PLATFORM_STATUS_EVENT = "dashboard:platform-status";

export function announcePlatformStatus(): void {
  if (typeof window !== "undefined") window.dispatchEvent(new Event(PLATFORM_STATUS_EVENT));
}
