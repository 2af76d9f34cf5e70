#!/usr/bin/env node
// `npm run size:routes` (and a step of `npm test`, right after `next build`): the JavaScript each page's first load
// downloads, read from the production build, gzipped as `npm start` sends it. One line per route: files, raw kB,
// gzip kB; exits 1 when a route's gzip total is past the limit (200 kB), with the table printed.
//
//   node scripts/route-js.mjs [--dir .next] [--budget] [--files] [--limit 200]
//
// --budget adds the goal's column (170 kB) per route; --files lists each route's files; --dir reads another build
// folder (default: the app's, NEXT_DIST_DIR through lib/core/config.mjs). kB are 1,000 bytes, as the browser's tools show.
//
// What a route's first load needs is what Next itself counts (its .next/diagnostics/route-bundle-stats.json):
//  - build-manifest.json `rootMainFiles`: the runtime, React, Next's client; every page loads them;
//  - the route's server/app/<page>_client-reference-manifest.js `entryJSFiles`: per segment of the route (the root
//    layout, its error and not-found, the group's layout, the page), the chunks of the client components it renders,
//    which the HTML loads before hydrating. Of the not-found boundaries only the deepest counts: it replaces its
//    parents' (the dashboard's own not-found, not the root's, on a dashboard page).
// Not counted: `polyfillFiles` (`nomodule`, which current browsers skip), and chunks loaded later through `import()` /
// `next/dynamic` (the command palette on first open): they are not part of the first load. Nor is Scalar on /docs/api,
// which that page loads from public/ (scripts/api-reference-bundle.mjs), outside the build.
import fs from "node:fs";
import path from "node:path";
import vm from "node:vm";
import zlib from "node:zlib";

/** Past this many gzip kB on any route the check fails (issue 21). */
const LIMIT_KB = 200;
/** The goal every route should meet. */
const GOAL_KB = 170;

/** `npm start` (Next's `compression`) sends a smaller answer as it is. */
const COMPRESSION_THRESHOLD = 1024;

const kB = (bytes) => (bytes / 1000).toFixed(1);

/** The page entries of an app-router build: app path ("/(dashboard)/contacts/(browse)/page") → route ("/contacts"). */
function pageEntries(distDir) {
  const routes = JSON.parse(fs.readFileSync(path.join(distDir, "app-path-routes-manifest.json"), "utf8"));
  // Next's own error page (/_global-error) is never a first load of its own.
  return Object.entries(routes).filter(([appPath, route]) => appPath.endsWith("/page") && route !== "/_global-error");
}

/**
 * The chunks the client reference manifest of one page lists for its segments. The manifest is a script that assigns
 * `globalThis.__RSC_MANIFEST[appPath]`; it runs in an empty context of its own.
 * @returns {string[]} paths relative to the build folder ("static/chunks/….js")
 */
function entryChunks(distDir, appPath) {
  const file = path.join(distDir, "server", "app", `${appPath}_client-reference-manifest.js`);
  const context = vm.createContext({});
  vm.runInContext(fs.readFileSync(file, "utf8"), context, { filename: file, timeout: 5000 });
  const entry = context.__RSC_MANIFEST?.[appPath];
  if (!entry?.entryJSFiles) throw new Error(`${path.relative(distDir, file)} has no entryJSFiles for ${appPath}`);
  const segments = Object.entries(entry.entryJSFiles);
  const notFound = segments.filter(([segment]) => segment.endsWith("/not-found")).sort(([a], [b]) => b.length - a.length);
  return segments
    .filter(([segment]) => !segment.endsWith("/not-found") || segment === notFound[0][0])
    .flatMap(([, chunks]) => chunks)
    .filter((chunk) => chunk.endsWith(".js"));
}

/** A file's bytes and what goes over the wire: gzip (zlib's default level, as `compression`), or the bytes if small. */
export function sizeOfFile(bytes) {
  return { raw: bytes.length, gzip: bytes.length < COMPRESSION_THRESHOLD ? bytes.length : zlib.gzipSync(bytes).length };
}

/**
 * Every page route of the build with the JavaScript of its first load, largest gzip total first.
 * @param {string} distDir the build folder (.next)
 * @returns {{ route: string, files: { file: string, raw: number, gzip: number }[], raw: number, gzip: number }[]}
 */
export function measureRoutes(distDir) {
  const buildManifest = JSON.parse(fs.readFileSync(path.join(distDir, "build-manifest.json"), "utf8"));
  const shared = (buildManifest.rootMainFiles ?? []).filter((chunk) => chunk.endsWith(".js"));
  const sizes = new Map();
  const sizeOf = (file) => {
    if (!sizes.has(file)) {
      sizes.set(file, { file, ...sizeOfFile(fs.readFileSync(path.join(distDir, file))) });
    }
    return sizes.get(file);
  };
  const rows = pageEntries(distDir).map(([appPath, route]) => {
    const files = [...new Set([...shared, ...entryChunks(distDir, appPath)])].map(sizeOf);
    const sum = (key) => files.reduce((total, file) => total + file[key], 0);
    return { route, files, raw: sum("raw"), gzip: sum("gzip") };
  });
  if (rows.length === 0) throw new Error(`no app-router pages in ${distDir}/app-path-routes-manifest.json`);
  return rows.sort((a, b) => b.gzip - a.gzip || a.route.localeCompare(b.route));
}

/**
 * The table: route, files, raw kB, gzip kB (and the goal's verdict with `budget`), then the largest route.
 * @param {ReturnType<typeof measureRoutes>} rows
 * @param {{ budget?: boolean, files?: boolean, limitKb?: number }} [options]
 */
export function formatTable(rows, { budget = false, files = false, limitKb = LIMIT_KB } = {}) {
  const width = Math.max(5, ...rows.map((row) => row.route.length), ...(files ? rows.flatMap((row) => row.files.map((file) => file.file.length + 2)) : []));
  const head = `${"route".padEnd(width)}  ${"files".padStart(5)}  ${"raw kB".padStart(8)}  ${"gzip kB".padStart(8)}`;
  const lines = [budget ? `${head}  goal ≤ ${GOAL_KB} kB` : head];
  for (const row of rows) {
    const line = `${row.route.padEnd(width)}  ${String(row.files.length).padStart(5)}  ${kB(row.raw).padStart(8)}  ${kB(row.gzip).padStart(8)}`;
    const verdict = row.gzip <= GOAL_KB * 1000 ? "met" : `over by ${kB(row.gzip - GOAL_KB * 1000)}`;
    lines.push(budget ? `${line}  ${verdict}` : line);
    if (files) {
      for (const file of [...row.files].sort((a, b) => b.gzip - a.gzip)) {
        lines.push(`  ${file.file.padEnd(width - 2)}  ${"".padStart(5)}  ${kB(file.raw).padStart(8)}  ${kB(file.gzip).padStart(8)}`);
      }
    }
  }
  const largest = rows[0];
  lines.push(`max: ${largest.route} ${kB(largest.gzip)} kB gzip (limit ${limitKb} kB, goal ${GOAL_KB} kB)`);
  return lines.join("\n");
}

/**
 * The routes past the limit (gzip kB).
 * @param {ReturnType<typeof measureRoutes>} rows
 */
export function overLimit(rows, limitKb = LIMIT_KB) {
  return rows.filter((row) => row.gzip > limitKb * 1000);
}

/** The command: prints the table, returns the exit code. */
async function main(argv) {
  const option = (name) => {
    const at = argv.indexOf(name);
    return at === -1 ? undefined : argv[at + 1];
  };
  let distDir = option("--dir");
  if (!distDir) {
    const { config } = await import("../lib/core/config.mjs");
    distDir = config().nextDistDir;
  }
  const limitKb = Number(option("--limit") ?? LIMIT_KB);
  if (!Number.isFinite(limitKb) || limitKb <= 0) throw new Error("--limit takes a number of kB");
  if (!fs.existsSync(path.join(distDir, "build-manifest.json"))) throw new Error(`no production build in ${distDir}: run \`next build\` first`);
  const rows = measureRoutes(distDir);
  console.log(formatTable(rows, { budget: argv.includes("--budget"), files: argv.includes("--files"), limitKb }));
  const over = overLimit(rows, limitKb);
  if (over.length > 0) {
    console.error(`JavaScript per route: ${over.map((row) => row.route).join(", ")} past ${limitKb} kB gzip`);
    return 1;
  }
  return 0;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  try {
    process.exitCode = await main(process.argv.slice(2));
  } catch (error) {
    console.error(`route-js: ${error instanceof Error ? error.message : error}`);
    process.exitCode = 2;
  }
}
