import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";

/**
 * `next build` of the project in `root` into `distDir` (NEXT_DIST_DIR), for the benchmarks that serve a production
 * build: one build at a time on the machine (a lock), and tsconfig.json put back as it was (Next adds the build
 * folder's types to it and reformats it). `output`: "inherit" shows Next's own lines, "ignore" only its errors.
 * Throws when the build fails.
 */
export function buildInto(root: string, distDir: string, output: "inherit" | "ignore"): void {
  const tsconfig = path.join(root, "tsconfig.json");
  const tsconfigText = fs.readFileSync(tsconfig, "utf8");
  try {
    execFileSync("flock", ["/tmp/next-bench-build.lock", path.join(root, "node_modules/.bin/next"), "build"], {
      cwd: root,
      stdio: ["ignore", output, "inherit"],
      env: { ...process.env, NEXT_DIST_DIR: distDir, NEXT_TELEMETRY_DISABLED: "1" },
    });
  } finally {
    fs.writeFileSync(tsconfig, tsconfigText);
  }
}
