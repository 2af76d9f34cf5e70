import { execFileSync } from "node:child_process";
import path from "node:path";

/**
 * The PostgreSQL server the benchmarks create their databases on:
 * DATABASE_ADMIN_URL, else the local one that scripts/ensure-postgres.sh
 * installs or starts (it prints its URL last).
 */
export function postgresServerUrl(): string {
  if (process.env.DATABASE_ADMIN_URL) return process.env.DATABASE_ADMIN_URL;
  const output = execFileSync("bash", [path.join(process.cwd(), "scripts/ensure-postgres.sh")], { encoding: "utf8" });
  return output.trim().split("\n").pop() as string;
}
