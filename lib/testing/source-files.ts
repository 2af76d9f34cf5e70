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

/** The module specifiers a file imports (static `from "…"` and dynamic `import("…")`). */
export function importsOf(file: string): string[] {
  const text = fs.readFileSync(file, "utf8");
  return [...text.matchAll(/from\s+["']([^"']+)["']|import\(\s*["']([^"']+)["']\s*\)/g)].map((match) => match[1] ?? match[2]);
}
