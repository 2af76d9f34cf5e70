import type { NextConfig } from "next";
import { HSTS, NO_REFERRER, securityHeaders } from "./lib/core/http/security-headers";
import { config } from "./lib/core/config.mjs";

const { production, nextDistDir } = config();

const nextConfig: NextConfig = {
  // PGlite (and pg_dump for it) ships WASM and data files that must be loaded from node_modules at run time.
  serverExternalPackages: ["@electric-sql/pglite", "@electric-sql/pglite-tools", "pg"],
  poweredByHeader: false,
  // Lets benchmarks and tests build into their own folder beside the main one.
  distDir: nextDistDir,
  turbopack: {
    resolveAlias: {
      // The API reference (/docs/api, loaded on that page only) takes Scalar's self-contained browser build, which carries
      // its own copies of Vue and zod. Built from the package's modules instead, Scalar would share the app's zod, and
      // every dashboard page's zod would keep the parts that only Scalar uses (+23 kB on each page).
      "@scalar/api-reference": "./node_modules/@scalar/api-reference/dist/browser/standalone.esm.js",
    },
  },
  async headers() {
    return [
      // Security headers on every page and route (lib/core/http/security-headers.ts).
      { source: "/:path*", headers: securityHeaders(production) },
      // HSTS only when the request reached us over HTTPS (through a TLS-terminating proxy).
      { source: "/:path*", has: [{ type: "header", key: "x-forwarded-proto", value: "https" }], headers: [HSTS] },
      // A one-time link's page: its address holds the token, which no other site may learn from a Referer (the last rule wins).
      { source: "/welcome/:token*", headers: [NO_REFERRER] },
    ];
  },
};

export default nextConfig;
