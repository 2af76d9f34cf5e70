import fs from "node:fs";
import path from "node:path";
import type { Reporter, TestModule } from "vitest/node";

/**
 * A vitest reporter beside the default one (vitest.config.mts, vitest.chaos.config.mts): writes each test file's
 * project, duration and test counts to `file` (under .test-data/timings/), which scripts/test-summary.mjs turns into
 * the table that ends `npm test`.
 */
export default class TimingsReporter implements Reporter {
  readonly #file: string;

  constructor(options: { file: string }) {
    this.#file = options.file;
  }

  onTestRunEnd(testModules: ReadonlyArray<TestModule>): void {
    const files = testModules.map((module) => {
      const states = [...module.children.allTests()].map((test) => test.result().state);
      const count = (state: string) => states.filter((each) => each === state).length;
      return {
        project: module.project.name,
        file: module.relativeModuleId,
        seconds: module.diagnostic().duration / 1000,
        passed: count("passed"),
        failed: count("failed"),
        skipped: count("skipped"),
      };
    });
    fs.mkdirSync(path.dirname(this.#file), { recursive: true });
    fs.writeFileSync(this.#file, `${JSON.stringify({ runner: "vitest", files }, null, 1)}\n`);
  }
}
