import { expect, test } from "vitest";
import fs from "node:fs";
import path from "node:path";
import { sourceFiles } from "@/lib/testing/source-files";

/** The session check every dashboard page calls (lib/auth/session.ts): to the sign-in page, or to set up two-factor. */
const SESSION_CHECK = /\brequireUser\(/;
/** A read of data: the database, the platform, or one of the loaders and readers over them (not `load…PageParams`, nuqs' parse of the URL). */
const DATA_READ = /\b(?:getDb|loadFromPlatform|load(?!\w*PageParams\()[A-Z]\w*|find[A-Z]\w*|read[A-Z]\w*)\(/;

/** The default export's code, comments stripped: from `export default` to the end of its top-level function. */
function defaultExportOf(file: string): string | null {
  const code = fs
    .readFileSync(file, "utf8")
    .replace(/\/\*[\s\S]*?\*\//g, "")
    .replace(/^\s*\/\/.*$/gm, "");
  const start = code.search(/^export default /m);
  if (start < 0) return null;
  const end = code.indexOf("\n}\n", start);
  return code.slice(start, end < 0 ? undefined : end);
}

/** What is wrong with a page, or null: no session check, or data read before it. */
function sessionProblem(file: string): string | null {
  const body = defaultExportOf(file);
  if (body === null) return "no default export";
  const check = body.search(SESSION_CHECK);
  if (check < 0) return "does not call requireUser()";
  const read = body.search(DATA_READ);
  if (read >= 0 && read < check) return `reads data (${body.slice(read).match(DATA_READ)![0]}) before requireUser()`;
  return null;
}

/** The layout does not guard a page (Next renders them side by side): each page checks the session itself, before any read. */
test("every page under app/(dashboard) calls requireUser() in its default export before it reads data", () => {
  const pages = sourceFiles(path.join("app", "(dashboard)"), /^page\.tsx$/);
  expect(pages.length).toBeGreaterThanOrEqual(14);
  const problems = pages.flatMap((file) => {
    const problem = sessionProblem(file);
    return problem ? [`${file}: ${problem}`] : [];
  });
  expect(problems).toEqual([]);
});
