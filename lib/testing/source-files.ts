import fs from "node:fs";
import path from "node:path";

/** Every file under dir (recursively) whose name matches, for tests that read the code itself (layers, route handlers). */
export function sourceFiles(dir: string, name: RegExp = /\.(ts|tsx|mjs)$/): string[] {
  const files: string[] = [];
  const walk = (current: string) => {
    for (const entry of fs.readdirSync(current, { withFileTypes: true })) {
      const full = path.join(current, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (name.test(entry.name)) files.push(full);
    }
  };
  walk(dir);
  return files;
}

/** The modules a file loads: its imports and re-exports, without `import type`, `export type` and JSDoc `import("…")` types. */
export function loadedModulesOf(file: string): string[] {
  const code = fs
    .readFileSync(file, "utf8")
    .replace(/\/\*[\s\S]*?\*\//g, "")
    .replace(/^\s*\/\/.*$/gm, "");
  const statements = /\b(?:import|export)\s+(?!type\s)[^;]*?\bfrom\s+["']([^"']+)["']|\bimport\s+["']([^"']+)["']|\bimport\(\s*["']([^"']+)["']\s*\)/g;
  return [...code.matchAll(statements)].map((match) => match[1] ?? match[2] ?? match[3]);
}

/**
 * The project path a module specifier of `from` names (`@/lib/x` → root/lib/x, `./y` → beside from), without
 * extension; null for a package. `root` is the project's folder, or "" for paths relative to it.
 */
export function projectPathOf(specifier: string, from: string, root = ""): string | null {
  if (specifier.startsWith("@/")) return path.join(root, specifier.slice(2));
  if (specifier.startsWith(".")) return path.join(path.dirname(from), specifier);
  return null;
}
