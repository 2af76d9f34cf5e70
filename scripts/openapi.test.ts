import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { expect, test } from "vitest";
import { openApiDocument } from "@/lib/platform/openapi/document";

test("npm run openapi writes the served documents, English and Russian, into the folder given", () => {
  const out = fs.mkdtempSync(path.join(os.tmpdir(), "openapi-"));
  try {
    const printed = execFileSync(process.execPath, ["scripts/run.mjs", "openapi", "--out", out], { encoding: "utf8" });
    expect(printed).toMatch(/wrote .*openapi\.json \(24 methods, \d+ operations\)/);
    expect(JSON.parse(fs.readFileSync(path.join(out, "openapi.json"), "utf8"))).toEqual(openApiDocument("en"));
    expect(JSON.parse(fs.readFileSync(path.join(out, "openapi.ru.json"), "utf8"))).toEqual(openApiDocument("ru"));
  } finally {
    fs.rmSync(out, { recursive: true, force: true });
  }
});

test("an unknown option stops it with the usage, writing nothing", () => {
  let failure: { status: number; stderr: string } | undefined;
  try {
    execFileSync(process.execPath, ["scripts/run.mjs", "openapi", "--outt", "x"], { encoding: "utf8", stdio: "pipe" });
  } catch (error) {
    failure = error as { status: number; stderr: string };
  }
  expect(failure?.status).toBe(2);
  expect(failure?.stderr).toMatch(/Usage: npm run openapi -- \[--out DIR\]/);
});
