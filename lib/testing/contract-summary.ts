import fs from "node:fs";
import path from "node:path";

/** Where each test file adds how many answers the contract check validated (one line each). */
export const CONTRACT_TALLY_FILE = path.resolve(".test-data", "contract-tally.txt");

/** How many projects of this run have the setup below and are not torn down yet (they share one main process). */
const holders = globalThis as { contractSummaryHolders?: number };

/** vitest's global setup of each node project: starts the tally empty and prints its sum when the last one ends. */
export function setup(): () => void {
  holders.contractSummaryHolders = (holders.contractSummaryHolders ?? 0) + 1;
  if (holders.contractSummaryHolders === 1) fs.rmSync(CONTRACT_TALLY_FILE, { force: true });
  return () => {
    holders.contractSummaryHolders = (holders.contractSummaryHolders ?? 1) - 1;
    if (holders.contractSummaryHolders > 0) return;
    const lines = fs.existsSync(CONTRACT_TALLY_FILE) ? fs.readFileSync(CONTRACT_TALLY_FILE, "utf8").split("\n").filter(Boolean) : [];
    const total = lines.reduce((sum, line) => sum + Number(line), 0);
    console.log(`contract check: ${total} answers of /api/v1 validated against the OpenAPI document (${lines.length} test files)`);
  };
}
