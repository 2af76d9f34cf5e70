"use client";

import { useEffect, useMemo, useRef, useState, useSyncExternalStore } from "react";
import { useT } from "@/components/shell/i18n-provider";
import type { Locale, Theme } from "@/lib/i18n/config";
import { SCALAR_ENTRY_URL } from "./scalar-bundle.mjs";

/** What the page uses of Scalar's browser build (its `createApiReference`; the build puts its own styles into the page). */
type Configuration = Record<string, unknown>;
interface ScalarInstance {
  updateConfiguration(configuration: Configuration): void;
  destroy(): void;
}
interface Scalar {
  createApiReference(element: HTMLElement, configuration: Configuration): ScalarInstance;
}
declare global {
  interface Window {
    Scalar?: Scalar;
  }
}

let loading: Promise<Scalar> | null = null;
/**
 * Scalar's ES module (served by this origin, scripts/api-reference-bundle.mjs), added to the page once: it sets
 * `window.Scalar` and fetches its chunks itself. A failed load is forgotten, so that the next visit tries again.
 */
function loadScalar(): Promise<Scalar> {
  if (window.Scalar) return Promise.resolve(window.Scalar);
  loading ??= new Promise<Scalar>((resolve, reject) => {
    const script = document.createElement("script");
    script.type = "module";
    script.src = SCALAR_ENTRY_URL;
    script.onload = () => (window.Scalar ? resolve(window.Scalar) : reject(new Error(`${SCALAR_ENTRY_URL} set no window.Scalar`)));
    script.onerror = () => {
      script.remove();
      reject(new Error(`${SCALAR_ENTRY_URL} did not load`));
    };
    document.head.append(script);
  }).catch((error: unknown) => {
    loading = null;
    throw error;
  });
  return loading;
}

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
 * Everything that would reach another origin is off: fonts from its CDN, the request proxy, telemetry, the agent chat,
 * MCP, the "open in client" button and the developer tools. Try-it calls /api/v1 on this origin with the key the reader
 * types, which is kept in memory only (persistAuth: false, nothing prefilled).
 */
function configurationOf(locale: Locale, mode: "light" | "dark"): Configuration {
  return {
    // As Scalar's React wrapper named it, which this page used before it loaded the browser build itself.
    _integration: "react",
    url: `/api/openapi.json?lang=${locale}`,
    // The document's server is "/" (the platform that serves it); named as this page's origin, the send button reads
    // "https://host/api/v1/getMe" rather than a joined "//api/v1/getMe". Built in the browser only (in effects).
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
    showDeveloperTools: "never",
    documentDownloadType: "none",
    forceDarkModeState: mode,
    hideDarkModeToggle: true,
  };
}

/**
 * Scalar's API reference of /api/openapi.json in the visitor's language and theme, loaded by this page alone once it
 * is shown; a language or theme change updates it in place, leaving the page unmounts it. Until Scalar is there the
 * page says it is loading, and if its files cannot be loaded it says so (rather than staying blank).
 */
export function ApiReference({ locale, theme }: { locale: Locale; theme: Theme }) {
  const t = useT();
  const systemDark = useSyncExternalStore(subscribeToColorScheme, systemIsDark, () => false);
  const mode = theme === "system" ? (systemDark ? "dark" : "light") : theme;
  const settings = useMemo(() => ({ locale, mode }), [locale, mode]);
  const latest = useRef(settings);
  const container = useRef<HTMLDivElement>(null);
  const instance = useRef<ScalarInstance | null>(null);
  const [state, setState] = useState<"loading" | "ready" | "failed">("loading");

  useEffect(() => {
    latest.current = settings;
    instance.current?.updateConfiguration(configurationOf(settings.locale, settings.mode));
  }, [settings]);

  useEffect(() => {
    let left = false;
    loadScalar().then(
      (scalar) => {
        if (left || !container.current) return;
        instance.current = scalar.createApiReference(container.current, configurationOf(latest.current.locale, latest.current.mode));
        setState("ready");
      },
      (error: unknown) => {
        console.error(error);
        if (!left) setState("failed");
      },
    );
    return () => {
      left = true;
      instance.current?.destroy();
      instance.current = null;
    };
  }, []);

  return (
    <>
      {state === "loading" && (
        <p role="status" className="p-6 text-sm text-muted">
          {t("api_docs.loading")}
        </p>
      )}
      {state === "failed" && (
        <p role="alert" className="p-6 text-sm text-danger" data-testid="api-docs-load-failed">
          {t("api_docs.load_failed")}
        </p>
      )}
      <div ref={container} />
    </>
  );
}
