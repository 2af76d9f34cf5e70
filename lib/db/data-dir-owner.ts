import fs from "node:fs";
import path from "node:path";

/**
 * PLACEHOLDER for the exclusive one-owner lock on DATA_DIR (being built
 * separately). Until it lands, the process that opens the embedded database
 * writes its pid to DATA_DIR/owner.pid and removes it on close; a pid file
 * whose process is gone (a crash, a SIGKILL) does not count. When the real lock
 * arrives: make isDataDirHeld() ask it, and drop claimDataDir/releaseDataDir
 * (called only from lib/db/resilient-pglite.ts).
 */
export const OWNER_FILE = "owner.pid";

export interface DataDirOwner {
  pid: number;
}

/** The live process that holds dataDir, or null when none does. */
export function dataDirOwner(dataDir: string): DataDirOwner | null {
  let text: string;
  try {
    text = fs.readFileSync(path.join(dataDir, OWNER_FILE), "utf8");
  } catch {
    return null;
  }
  const pid = Number(text.trim());
  if (!Number.isInteger(pid) || pid <= 0) return null;
  try {
    process.kill(pid, 0);
    return { pid };
  } catch (error) {
    // EPERM: the process exists but belongs to another user — it still holds the directory.
    return (error as NodeJS.ErrnoException).code === "EPERM" ? { pid } : null;
  }
}

export function isDataDirHeld(dataDir: string): boolean {
  return dataDirOwner(dataDir) !== null;
}

export function claimDataDir(dataDir: string): void {
  fs.writeFileSync(path.join(dataDir, OWNER_FILE), `${process.pid}\n`);
}

export function releaseDataDir(dataDir: string): void {
  const owner = dataDirOwner(dataDir);
  if (owner?.pid !== process.pid) return;
  fs.rmSync(path.join(dataDir, OWNER_FILE), { force: true });
}
