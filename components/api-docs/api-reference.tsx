"use client";

import { useMemo, useSyncExternalStore } from "react";
// Scalar's browser build (next.config.ts aliases it) puts its own styles into the page: no style.css import here.
import { ApiReferenceReact } from "@scalar/api-reference-react";
import type { Locale, Theme } from "@/lib/i18n/config";

const DARK_QUERY = "(prefers-color-scheme: dark)";
const subscribeToColorScheme = (onChange: () => void) => {
  const query = window.matchMedia(DARK_QUERY);
  query.addEventListener("change", onChange);
  return () => query.removeEventListener("change", onChange);
};
const systemIsDark = () => window.matchMedia(DARK_QUERY).matches;

/**
 * The app's fonts (Scalar's own come from its CDN, which the CSP refuses); secondary texts and the light theme's
 * HTTP-method colours (the sidebar's GET, POST… badges) dark (light) enough for WCAG AA contrast on Scalar's
 * backgrounds; the operation's "Auth required · Copy as Markdown" row wraps on a phone (in Russian it is wider
 * than 390 px).
 */
const CUSTOM_CSS = `
body {
  --scalar-font: ui-sans-serif, system-ui, sans-serif;
  --scalar-font-code: ui-monospace, SFMono-Regular, Menlo, Consolas, monospace;
}
body.light-mode {
  --scalar-color-2: #575757;
  --scalar-color-3: #636363;
  --scalar-color-blue: #0069ab;
  --scalar-color-green: #047857;
  --scalar-color-orange: #b45309;
  --scalar-color-yellow: #a16207;
  --scalar-color-red: #b91c1c;
  --scalar-color-purple: #6d28d9;
}
body.dark-mode { --scalar-color-2: rgba(255, 255, 255, 0.7); --scalar-color-3: rgba(255, 255, 255, 0.6); }
.operation-auth { flex-wrap: wrap; }
`;

/**
 * Scalar's API reference of /api/openapi.json in the visitor's language and theme. Everything that would reach
 * another origin is off: fonts from its CDN, the request proxy, telemetry, the agent chat, MCP, the "open in client"
 * button and the developer tools. Try-it calls /api/v1 on this origin with the key the reader types, which is kept
 * in memory only (persistAuth: false, nothing prefilled).
 */
export default function ApiReference({ locale, theme }: { locale: Locale; theme: Theme }) {
  const systemDark = useSyncExternalStore(subscribeToColorScheme, systemIsDark, () => false);
  const mode = theme === "system" ? (systemDark ? "dark" : "light") : theme;
  const configuration = useMemo(
    () => ({
      url: `/api/openapi.json?lang=${locale}`,
      // The document's server is "/" (the platform that serves it); named as this page's origin, the send button reads
      // "https://host/api/v1/getMe" rather than a joined "//api/v1/getMe". Rendered in the browser only (ssr: false).
      servers: [{ url: window.location.origin }],
      localization: { locale },
      withDefaultFonts: false,
      customCss: CUSTOM_CSS,
      persistAuth: false,
      authentication: { preferredSecurityScheme: "bearerAuth" },
      telemetry: false,
      agent: { disabled: true },
      mcp: { disabled: true },
      hideClientButton: true,
      showDeveloperTools: "never" as const,
      documentDownloadType: "none" as const,
      forceDarkModeState: mode,
      hideDarkModeToggle: true,
    }),
    [locale, mode],
  );
  return <ApiReferenceReact configuration={configuration} />;
}
