import type { ReactNode } from "react";
import { renderHook } from "@testing-library/react";
import { QueryClientProvider } from "@tanstack/react-query";
import { createQueryClient } from "@/lib/dashboard/queries/query-client";

/** Renders a data hook under a fresh react-query cache, configured as the dashboard's. */
export function renderWithQueryClient<P, R>(hook: (props: P) => R, initialProps?: P) {
  const client = createQueryClient();
  const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={client}>{children}</QueryClientProvider>;
  return { client, ...renderHook(hook, { wrapper, initialProps }) };
}
