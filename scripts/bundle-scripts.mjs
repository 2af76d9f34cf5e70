#!/usr/bin/env node
// Part of `npm run build`: bundles each operator command (scripts/<name>.ts, see
// scripts/run.mjs) into dist/scripts/<name>.mjs, one ES module per command that plain
// node runs, so that a production install needs no TypeScript loader. Packages
// stay outside the bundle (they are the production dependencies in node_modules).
import path from "node:path";
import { build } from "esbuild";

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), "..");
export const OPERATOR_COMMANDS = [
  "user-create",
  "user-password",
  "user-unlock",
  "security-log-prune",
  "platform-load",
  "backup",
  "restore",
  "check-journal",
  "openapi",
  "db-migrate",
];

export async function bundleScripts(outdir = path.join(root, "dist", "scripts")) {
  await build({
    absWorkingDir: root,
    entryPoints: Object.fromEntries(OPERATOR_COMMANDS.map((name) => [name, path.join(root, "scripts", `${name}.ts`)])),
    outdir,
    outExtension: { ".js": ".mjs" },
    bundle: true,
    platform: "node",
    format: "esm",
    target: "node20",
    packages: "external",
    tsconfig: path.join(root, "tsconfig.json"),
    // Bundled modules that still use require(), import.meta.dirname and friends keep working.
    banner: { js: 'import { createRequire as __createRequire } from "node:module"; const require = __createRequire(import.meta.url);' },
    logLevel: "warning",
  });
  return outdir;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const outdir = await bundleScripts(process.argv[2] ? path.resolve(process.argv[2]) : undefined);
  console.log(`bundled ${OPERATOR_COMMANDS.length} operator commands into ${path.relative(process.cwd(), outdir) || "."}`);
}
