"use client";

import { createContext, useContext, type ReactNode } from "react";
import type { Theme } from "@/lib/i18n/config";

const ThemeContext = createContext<Theme>("system");

export function ThemeProvider({ theme, children }: { theme: Theme; children: ReactNode }) {
  return <ThemeContext.Provider value={theme}>{children}</ThemeContext.Provider>;
}

export const useTheme = (): Theme => useContext(ThemeContext);
