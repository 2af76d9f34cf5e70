// `npm run openapi [-- --out DIR]`: writes the API's OpenAPI 3.1 document for publishing, `openapi.json` (English) and
// `openapi.ru.json` (Russian), into dist/ (or DIR). They are the documents GET /api/openapi.json serves, generated from
// the methods' schemas; no database is opened.
import fs from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import { errorText } from "@/lib/core/log.mjs";
import { openApiDocument } from "@/lib/platform/openapi/document";

function main(): number {
  let out: string;
  try {
    const { values } = parseArgs({ options: { out: { type: "string", default: "dist" } }, strict: true });
    out = path.resolve(values.out);
  } catch (error) {
    console.error(`openapi: ${errorText(error)}. Usage: npm run openapi -- [--out DIR]`);
    return 2;
  }
  fs.mkdirSync(out, { recursive: true });
  for (const [lang, name] of [
    ["en", "openapi.json"],
    ["ru", "openapi.ru.json"],
  ] as const) {
    const file = path.join(out, name);
    fs.writeFileSync(file, `${JSON.stringify(openApiDocument(lang), null, 2)}\n`);
    const document = openApiDocument(lang) as { paths: Record<string, object> };
    const operations = Object.values(document.paths).reduce((sum, item) => sum + Object.keys(item).length, 0);
    console.log(`openapi: wrote ${path.relative(process.cwd(), file) || file} (${Object.keys(document.paths).length} methods, ${operations} operations)`);
  }
  return 0;
}

process.exit(main());
