import fs from "node:fs";
import path from "node:path";
import { afterAll, expect } from "vitest";
import { contractTally } from "./contract-tally";
import { CONTRACT_TALLY_FILE } from "./contract-summary";

/**
 * After each test file: its answers that broke the API's contract fail it (also those a test's own server swallowed),
 * and the number checked is added to the run's tally, which contract-summary.ts prints at the end.
 */
afterAll(() => {
  if (contractTally.checked > 0) {
    fs.mkdirSync(path.dirname(CONTRACT_TALLY_FILE), { recursive: true });
    fs.appendFileSync(CONTRACT_TALLY_FILE, `${contractTally.checked}\n`);
  }
  expect(contractTally.problems, "answers that break the API's contract").toEqual([]);
});
