#!/usr/bin/env node
// `node scripts/run.mjs <name> [args…]`: runs the operator command scripts/<name>.ts
// (user-create, user-password, user-unlock, security-log-prune, platform-load, backup, restore,
// check-journal, openapi, db-migrate: the list of scripts/bundle-scripts.mjs).
//
// - In a checkout with the development tools (`npm ci`), through tsx, from the source.
// - In a production install (`npm ci && npm run build && npm prune --omit=dev`, no tsx),
//   from the bundle that `npm run build` wrote to dist/scripts/<name>.mjs
//   (scripts/bundle-scripts.mjs), with plain node.
// Settings: the environment and the .env files of the working directory (.env.production.local, .env.local,
// .env.production, .env), loaded here, before the command starts, as `npm start` loads them (lib/core/config.mjs,
// loadEnvFiles); the command inherits them, the environment winning.
// The exit code is the command's.
import { spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { loadEnvFiles } from "../lib/core/config.mjs";

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), "..");
const [name, ...args] = process.argv.slice(2);
const source = name ? path.join(root, "scripts", `${name}.ts`) : "";
if (!name || !/^[a-z][a-z-]*$/.test(name) || !fs.existsSync(source)) {
  console.error(`run: no operator command ${JSON.stringify(name ?? "")} (scripts/<name>.ts)`);
  process.exit(2);
}
const tsx = path.join(root, "node_modules", ".bin", "tsx");
const bundle = path.join(root, "dist", "scripts", `${name}.mjs`);
let command;
if (fs.existsSync(tsx)) command = [tsx, source];
else if (fs.existsSync(bundle)) command = [process.execPath, bundle];
else {
  console.error(`run: ${path.relative(root, bundle)} is missing and tsx is not installed: run npm run build first (it bundles the operator commands).`);
  process.exit(2);
}
loadEnvFiles();
const child = spawn(command[0], [command[1], ...args], { stdio: "inherit" });
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => child.kill(signal));
child.on("exit", (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
