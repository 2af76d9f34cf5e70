"use client";

import { createContext, useContext, type ReactNode } from "react";
import type { Permission, Role } from "@/lib/auth/permissions";

export interface ViewerInfo {
  id: number;
  email: string;
  name: string;
  role: Role;
  permissions: Permission[];
}

const ViewerContext = createContext<ViewerInfo | null>(null);

/**
 * What every dashboard page's client code needs: the viewer. react-query's cache needs no provider (the data hooks read
 * the tab's, lib/dashboard/queries/query-client.ts), nor does the URL state (lib/core/url-state/use-url-state.ts reads Next's router).
 */
export function DashboardProviders({ viewer, children }: { viewer: ViewerInfo; children: ReactNode }) {
  return <ViewerContext.Provider value={viewer}>{children}</ViewerContext.Provider>;
}

export function useViewer(): ViewerInfo {
  const viewer = useContext(ViewerContext);
  if (!viewer) throw new Error("useViewer outside DashboardProviders");
  return viewer;
}

/** The UI's reading of the permission table (the server checks again on every call). */
export function useCan(permission: Permission): boolean {
  return useViewer().permissions.includes(permission);
}
