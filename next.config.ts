import type { NextConfig } from "next";
import { PHASE_DEVELOPMENT_SERVER, PHASE_PRODUCTION_BUILD } from "next/constants";
import { HSTS, NO_REFERRER, securityHeaders } from "./lib/core/http/security-headers";
import { config } from "./lib/core/config.mjs";
import { SCALAR_BASE_PATH } from "./components/api-docs/scalar-bundle.mjs";
import { ensureApiReferenceBundle } from "./scripts/api-reference-bundle.mjs";

const { production, nextDistDir } = config();

const nextConfig: NextConfig = {
  // PGlite (and pg_dump for it) ships WASM and data files that must be loaded from node_modules at run time.
  // prom-client: one copy per process, whose registry the bundles and scripts/start.mjs share (lib/core/metrics.mjs).
  serverExternalPackages: ["@electric-sql/pglite", "@electric-sql/pglite-tools", "pg", "prom-client"],
  poweredByHeader: false,
  // Lets benchmarks and tests build into their own folder beside the main one.
  distDir: nextDistDir,
  async headers() {
    return [
      // Security headers on every page and route (lib/core/http/security-headers.ts).
      { source: "/:path*", headers: securityHeaders(production) },
      // HSTS only when the request reached us over HTTPS (through a TLS-terminating proxy).
      { source: "/:path*", has: [{ type: "header", key: "x-forwarded-proto", value: "https" }], headers: [HSTS] },
      // A one-time link's page: its address holds the token, which no other site may learn from a Referer (the last rule wins).
      { source: "/welcome/:token*", headers: [NO_REFERRER] },
      // The API reference's viewer (public/docs/api/scalar/<version>/, scripts/api-reference-bundle.mjs): a folder per
      // pinned version, so its files never change under their address.
      { source: `${SCALAR_BASE_PATH}/:path*`, headers: [{ key: "Cache-Control", value: "public, max-age=31536000, immutable" }] },
    ];
  },
};

/**
 * `next build` and `next dev` (every build: `npm run build`, `npm test`'s, the benchmarks' and the demo's) first put the
 * API reference's viewer, Scalar's browser build pinned by version and integrity, into public/ (nothing to do when it
 * is there and intact). When it cannot be fetched or does not match, the build stops with the reason, rather than
 * shipping a reference page that stays blank.
 */
export default function nextConfigFor(phase: string): NextConfig {
  if (phase === PHASE_PRODUCTION_BUILD || phase === PHASE_DEVELOPMENT_SERVER) {
    const { status, dir } = ensureApiReferenceBundle();
    if (status === "unpacked") console.log(`API reference viewer unpacked into ${dir}`);
  }
  return nextConfig;
}
