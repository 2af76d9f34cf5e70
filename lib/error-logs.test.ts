import fs from "node:fs";
import { expect, test } from "vitest";
import { sourceFiles } from "@/lib/testing/source-files";

/**
 * A caught error reaches a log line through errorText (lib/core/log.mjs, which describes every log line's `error` so):
 * drizzle's message for a failed query ends with `params: …`, the values bound to it (password and recovery-code
 * hashes). Flagged here: a console.error/warn call that turns an error of unknown kind into text itself —
 * `String(error)`, `error instanceof Error ? …`, `(error as Error).message`, or a JSON field `error: error.message`.
 * The message of an error already narrowed to one of our own classes
 * (`if (error instanceof DataDirLockedError) console.error(error.message)`) is a sentence meant for the operator and
 * passes. TypeScript files only: the .mjs scripts (start, demo, build steps) are outside this scan.
 */
const UNKNOWN_ERROR_AS_TEXT = [
  /\bString\(\s*(?:error|err|e|cause|reason|failure)\s*\)/,
  /\binstanceof Error\s*\?/,
  /\bas Error\)\.message\b/,
  /\berror:\s*(?:error|err|e|cause|reason|failure)\.message\b/,
];

/** The text of every console.error/console.warn call in code (from the name to its closing parenthesis). */
function consoleCallsOf(code: string): string[] {
  const calls: string[] = [];
  for (const match of code.matchAll(/\bconsole\.(?:error|warn)\(/g)) {
    let depth = 0;
    let end = match.index + match[0].length - 1;
    for (; end < code.length; end += 1) {
      if (code[end] === "(") depth += 1;
      else if (code[end] === ")" && --depth === 0) break;
    }
    calls.push(code.slice(match.index, end + 1));
  }
  return calls;
}

const offending = (code: string) => consoleCallsOf(code).filter((call) => UNKNOWN_ERROR_AS_TEXT.some((pattern) => pattern.test(call)));

test("error logs: no console.error/warn in lib/, app/ or scripts/ turns an error into text but through errorText", () => {
  const found = ["lib", "app", "scripts"]
    .flatMap((dir) => sourceFiles(dir, /\.tsx?$/))
    .filter((file) => !/\.test\.tsx?$/.test(file))
    .flatMap((file) => offending(fs.readFileSync(file, "utf8")).map((call) => `${file}: ${call.replace(/\s+/g, " ")}`));
  expect(found).toEqual([]);
});

test("error logs: the scan flags an error stringified in a log call, and passes errorText and our own errors' sentences", () => {
  const flagged = [
    'console.error(JSON.stringify({ msg: "x", error: error instanceof Error ? error.message : String(error) }));',
    "console.warn(`cannot read: ${(error as Error).message}`);",
    "console.error(\n  JSON.stringify({\n    level: 'error',\n    error: error.message,\n  }),\n);",
    "console.error(`failed: ${String(err)}`);",
  ];
  const passing = [
    'console.error(JSON.stringify({ msg: "x", error: errorText(error) }));',
    "if (error instanceof DataDirLockedError) console.error(`seed: ${error.message}`);",
    "console.error(USAGE); const text = String(error);",
  ];
  for (const code of flagged) expect(offending(code), code).toHaveLength(1);
  for (const code of passing) expect(offending(code), code).toEqual([]);
});
