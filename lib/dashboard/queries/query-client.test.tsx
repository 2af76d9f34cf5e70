import type { ReactNode } from "react";
import { renderHook } from "@testing-library/react";
import { QueryClientProvider } from "@tanstack/react-query";
import { describe, expect, test } from "vitest";
import { createQueryClient, useDashboardQueryClient } from "./query-client";

describe("useDashboardQueryClient", () => {
  test("without a provider, every reader in the tab shares one cache (the shell's and a page's alike)", () => {
    const first = renderHook(() => useDashboardQueryClient()).result.current;
    const second = renderHook(() => useDashboardQueryClient()).result.current;
    expect(second).toBe(first);
    first.setQueryData(["shared"], 1);
    expect(second.getQueryData(["shared"])).toBe(1);
  });

  test("a QueryClientProvider above the reader wins", () => {
    const client = createQueryClient();
    const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={client}>{children}</QueryClientProvider>;
    expect(renderHook(() => useDashboardQueryClient(), { wrapper }).result.current).toBe(client);
  });
});
