import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, test } from "vitest";
import { engineTestFiles, literalGlob, nodeTestFiles, POOLER_TESTS } from "./test-plan";

const root = process.cwd();
// Spelled in parts: the variable's name written out would make this file an engine test itself.
const VARIABLE = ["TEST", "DATABASE", "URL"].join("_");

describe("which test runs on which engine (scripts/test-plan.ts)", () => {
  const engine = engineTestFiles(root);

  test("a test that opens the test database, directly or through a helper, is an engine test; a pure one is not", () => {
    expect(engine).toContain("lib/features/ledger/operations.test.ts"); // imports lib/db/testing/use-test-database.ts → lib/db/testing/database.ts
    expect(engine).toContain("lib/features/overview/load-overview.test.ts"); // through lib/api/testing/platform.ts
    expect(engine).toContain("scripts/start.test.ts"); // reads the variable itself
    expect(engine).not.toContain("lib/core/money/money.test.ts");
    expect(engine).not.toContain("scripts/test-plan.test.ts");
    expect(engine.length).toBeGreaterThan(50);
    expect(engine.length).toBeLessThan(nodeTestFiles(root).length);
  });

  test("every pooler test exists and is an engine test, once", () => {
    for (const file of POOLER_TESTS) expect(engine, file).toContain(file);
    expect(new Set(POOLER_TESTS).size).toBe(POOLER_TESTS.length);
  });

  describe("in a project of its own", () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "test-plan-"));
    afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));
    const write = (file: string, text: string) => {
      fs.mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
      fs.writeFileSync(path.join(dir, file), text);
    };

    test("follows @/ and relative imports, dynamic ones too, through any depth and around cycles", () => {
      write("lib/db/testing/database.ts", `export const url = process.env.${VARIABLE};\nimport "../a";\n`);
      write("lib/a.ts", 'import "./db/testing/database";\n'); // a cycle back
      write("lib/b/helper.ts", 'export async function open() { return import("@/lib/a"); }\n');
      write("lib/b/deep.test.ts", 'import { open } from "./helper";\n');
      write("lib/c/pure.ts", 'import { x } from "some-package";\nexport const y = x;\n');
      write("lib/c/pure.test.ts", 'import { y } from "@/lib/c/pure";\nimport "../c/pure";\n');
      write("app/[id]/route.test.ts", 'import "../../lib/db/testing/database";\n');
      write("node_modules/x/y.test.ts", 'import "../../lib/db/testing/database";\n');
      expect(nodeTestFiles(dir)).toEqual(["app/[id]/route.test.ts", "lib/b/deep.test.ts", "lib/c/pure.test.ts"]);
      expect(engineTestFiles(dir)).toEqual(["app/[id]/route.test.ts", "lib/b/deep.test.ts"]);
    });
  });

  test("a path becomes a glob that matches only itself", () => {
    expect(literalGlob("app/[id]/route.test.ts")).toBe("app/\\[id\\]/route.test.ts");
    expect(literalGlob("lib/a.test.ts")).toBe("lib/a.test.ts");
  });
});
