import type { NextConfig } from "next";

const nextConfig: NextConfig = {
  // PGlite ships WASM and data files that must be loaded from node_modules at run time.
  serverExternalPackages: ["@electric-sql/pglite", "pg"],
  poweredByHeader: false,
  // Lets benchmarks and tests build into their own folder beside the main one.
  distDir: process.env.NEXT_DIST_DIR || ".next",
};

export default nextConfig;
