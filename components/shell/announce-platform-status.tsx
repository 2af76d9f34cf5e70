"use client";

import { useEffect } from "react";
import { announcePlatformStatus } from "@/lib/core/actions/platform-status-event";

/** Rendered where a load got no answer from the platform: the shell's banner reads the platform's status at once. */
export function AnnouncePlatformStatus() {
  useEffect(() => announcePlatformStatus(), []);
  return null;
}
