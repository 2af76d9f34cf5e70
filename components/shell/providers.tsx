"use client";

import { createContext, useContext, useState, type ReactNode } from "react";
import { QueryClientProvider } from "@tanstack/react-query";
import type { Permission, Role } from "@/lib/auth/permissions";
import { createQueryClient } from "@/lib/queries/query-client";

export interface ViewerInfo {
  id: number;
  email: string;
  name: string;
  role: Role;
  permissions: Permission[];
}

const ViewerContext = createContext<ViewerInfo | null>(null);

/**
 * What every dashboard page's client code needs: react-query's cache and the viewer. The URL state needs no provider
 * (lib/url-state/use-url-state.ts reads Next's router).
 */
export function DashboardProviders({ viewer, children }: { viewer: ViewerInfo; children: ReactNode }) {
  const [queryClient] = useState(createQueryClient);
  return (
    <QueryClientProvider client={queryClient}>
      <ViewerContext.Provider value={viewer}>{children}</ViewerContext.Provider>
    </QueryClientProvider>
  );
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
