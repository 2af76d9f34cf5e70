import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { ESLint } from "eslint";
import { afterAll, describe, expect, test } from "vitest";

/**
 * The layering is enforced by eslint.config.mjs (import/no-restricted-paths, import/no-cycle). These tests lint small
 * snippets with the project's own config, as if they were files at the given paths, to prove the rules report them.
 */
const CONFIG = path.resolve("eslint.config.mjs");
// The probes are text at paths with no file behind them, which import/no-cycle's graph of the files on disk (its
// strongly connected components, computed once per run) cannot place: for them the rule walks imports one by one, as
// it always did. The cycle tests below lint real files with the project's config unchanged.
const eslint = new ESLint({
  overrideConfigFile: CONFIG,
  overrideConfig: { rules: { "import/no-cycle": ["error", { ignoreExternal: true, disableScc: true }] } },
});

async function importErrors(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return result.messages.filter((message) => message.ruleId?.startsWith("import/")).map((message) => `${message.ruleId}: ${message.message}`);
}

/** A probe module that imports the page at `specifier` (the snippets are linted as text; nothing here imports app/). */
const importOfPage = (specifier: string) => `import Page from ${JSON.stringify(specifier)};\nexport const page = Page;\n`;

describe("layers", () => {
  test.each([
    ["a component importing app/", "components/probe/probe.tsx", importOfPage("@/app/not-found"), "components/ and lib/ do not import app/"],
    ["lib/ importing app/ by a relative path", "lib/features/ledger/probe.ts", importOfPage("../../../app/not-found"), "do not import app/"],
    [
      "lib/ importing components/",
      "lib/features/ledger/probe.ts",
      'import { Button } from "@/components/ui/button";\nexport const button = Button;\n',
      "lib/ does not import components/",
    ],
    [
      "lib/i18n importing a domain area",
      "lib/i18n/probe.ts",
      'import { MAX_DESCRIPTION } from "@/lib/features/ledger/forms";\nexport const max = MAX_DESCRIPTION;\n',
      "lib/i18n imports no other area",
    ],
    [
      "lib/platform importing dashboard code",
      "lib/platform/probe.ts",
      'import { formatCount } from "@/lib/dashboard/format";\nexport const format = formatCount;\n',
      "The platform does not import",
    ],
    [
      "lib/platform importing the platform client",
      "lib/platform/probe.ts",
      'import { PlatformClient } from "@/lib/api/client";\nexport const client = PlatformClient;\n',
      "The platform does not import",
    ],
    [
      "lib/api importing lib/dashboard",
      "lib/api/probe.ts",
      'import { formatCount } from "@/lib/dashboard/format";\nexport const format = formatCount;\n',
      "(lib/api) does not import lib/dashboard",
    ],
    [
      "lib/core/money importing another area",
      "lib/core/money/probe.ts",
      'import { translate } from "@/lib/i18n/format";\nexport const t = translate;\n',
      "lib/core/money imports only lib/contract",
    ],
    [
      "lib/contract importing another area",
      "lib/contract/probe.ts",
      'import { formatMoney } from "@/lib/core/money/money";\nexport const format = formatMoney;\n',
      "lib/contract (the answers of /api/v1, read by the platform and the client alike) imports nothing",
    ],
    [
      "lib/api importing an area it does not list",
      "lib/api/probe.ts",
      'import { formatMoney } from "@/lib/core/money/money";\nexport const format = formatMoney;\n',
      "lib/api imports only lib/contract, lib/db",
    ],
    [
      "a dashboard page reading the database itself",
      "app/(dashboard)/probe/page.tsx",
      'import { getDb } from "@/lib/db/client";\nexport const db = getDb;\n',
      "A dashboard route reads no database itself",
    ],
    [
      "a dashboard route handler reading the database itself",
      "app/api/dashboard/probe/route.ts",
      'import { getDb } from "@/lib/db/client";\nexport const db = getDb;\n',
      "A dashboard route reads no database itself",
    ],
  ])("%s is an error", async (_name, filePath, code, expected) => {
    const errors = await importErrors(filePath, code);
    expect(
      errors.some((error) => error.startsWith("import/no-restricted-paths: ") && error.includes(expected)),
      errors.join("\n"),
    ).toBe(true);
  });

  test.each([
    ["lib/i18n importing itself", "lib/i18n/probe.ts", 'import { translate } from "@/lib/i18n/format";\nexport const t = translate;\n'],
    ["a component importing lib/", "components/probe/probe.tsx", 'import { formatCount } from "@/lib/dashboard/format";\nexport const format = formatCount;\n'],
    [
      "app/ importing components/ and lib/",
      "app/probe.tsx",
      'import { Button } from "@/components/ui/button";\nimport { formatCount } from "@/lib/dashboard/format";\nexport const used = [Button, formatCount];\n',
    ],
    [
      "a lib/api test starting our own platform",
      "lib/api/probe.test.ts",
      'import { handleApiRequest } from "@/lib/platform/gateway";\nexport const handle = handleApiRequest;\n',
    ],
    [
      "lib/api reading the contract of the answers",
      "lib/api/probe.ts",
      'import { Contact } from "@/lib/contract/responses";\nexport const contact = Contact;\n',
    ],
    [
      "the platform reading the contract of the answers",
      "lib/platform/probe.ts",
      'import { Contact } from "@/lib/contract/responses";\nexport const contact = Contact;\n',
    ],
    [
      "lib/dashboard importing the platform client",
      "lib/dashboard/probe.ts",
      'import { PlatformClient } from "@/lib/api/client";\nexport const client = PlatformClient;\n',
    ],
    [
      "a platform route handing the database to the platform",
      "app/api/v1/probe/route.ts",
      'import { getDb } from "@/lib/db/client";\nexport const db = getDb;\n',
    ],
  ])("%s passes", async (_name, filePath, code) => {
    expect(await importErrors(filePath, code)).toEqual([]);
  });
});

describe("cycles", () => {
  // import/no-cycle follows imports on disk, so the cycle is two real files (outside the project, linted with its config).
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "lint-cycle-"));
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));
  // Outside the project React is not installed and there is no pages/ folder: say so, so the plugins do not warn about it.
  const outside = new ESLint({
    cwd: dir,
    overrideConfigFile: CONFIG,
    overrideConfig: { settings: { react: { version: "19" } }, rules: { "@next/next/no-html-link-for-pages": "off" } },
  });

  test("two modules importing each other is an error", async () => {
    fs.writeFileSync(path.join(dir, "a.ts"), 'import { b } from "./b";\nexport const a = () => b;\n');
    fs.writeFileSync(path.join(dir, "b.ts"), 'import { a } from "./a";\nexport const b = () => a;\n');
    const [result] = await outside.lintFiles([path.join(dir, "a.ts")]);
    expect(result.messages.map((message) => message.ruleId)).toEqual(["import/no-cycle"]);
  });

  test("an import that goes one way passes", async () => {
    fs.writeFileSync(path.join(dir, "c.ts"), 'import { d } from "./d";\nexport const c = () => d;\n');
    fs.writeFileSync(path.join(dir, "d.ts"), "export const d = 1;\n");
    const [result] = await outside.lintFiles([path.join(dir, "c.ts")]);
    expect(result.messages).toEqual([]);
  });
});
