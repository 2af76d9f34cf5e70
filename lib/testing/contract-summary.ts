import fs from "node:fs";
import path from "node:path";

/** Where each test file adds how many answers the contract check validated (one line each). */
export const CONTRACT_TALLY_FILE = path.resolve(".test-data", "contract-tally.txt");

/** vitest's global setup: starts the tally empty and prints its sum when the run ends. */
export function setup(): () => void {
  fs.rmSync(CONTRACT_TALLY_FILE, { force: true });
  return () => {
    const lines = fs.existsSync(CONTRACT_TALLY_FILE) ? fs.readFileSync(CONTRACT_TALLY_FILE, "utf8").split("\n").filter(Boolean) : [];
    const total = lines.reduce((sum, line) => sum + Number(line), 0);
    console.log(`contract check: ${total} answers of /api/v1 validated against the OpenAPI document (${lines.length} test files)`);
  };
}
