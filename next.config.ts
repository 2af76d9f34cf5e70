import type { NextConfig } from "next";
import { HSTS, securityHeaders } from "./lib/http/security-headers";
import { config } from "./lib/config.mjs";

const { production, nextDistDir } = config();

const nextConfig: NextConfig = {
  // PGlite (and pg_dump for it) ships WASM and data files that must be loaded from node_modules at run time.
  serverExternalPackages: ["@electric-sql/pglite", "@electric-sql/pglite-tools", "pg"],
  poweredByHeader: false,
  // Lets benchmarks and tests build into their own folder beside the main one.
  distDir: nextDistDir,
  async headers() {
    return [
      // Security headers on every page and route (lib/http/security-headers.ts).
      { source: "/:path*", headers: securityHeaders(production) },
      // HSTS only when the request reached us over HTTPS (through a TLS-terminating proxy).
      { source: "/:path*", has: [{ type: "header", key: "x-forwarded-proto", value: "https" }], headers: [HSTS] },
    ];
  },
};

export default nextConfig;
