import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

/**
 * A small filesystem (tmpfs of a given size) for tests of a full disk. Needs
 * root; `mounted` is false with the reason when the machine does not allow it,
 * so that the test says plainly why it is skipped.
 */
export interface SmallDisk {
  dir: string;
  mounted: boolean;
  /** Why it could not be mounted (when mounted is false). */
  reason: string;
  freeBytes(): number;
  /** Fills the disk up to `leave` free bytes with a file; returns its path. */
  fill(leave: number): string;
  /** Removes what fill() wrote. */
  free(): void;
  unmount(): void;
}

export function mountSmallDisk(prefix: string, megabytes: number): SmallDisk {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `${prefix}-`));
  const filler = path.join(dir, "filler");
  const disk: SmallDisk = {
    dir,
    mounted: false,
    reason: "",
    freeBytes() {
      const stats = fs.statfsSync(dir);
      return stats.bavail * stats.bsize;
    },
    fill(leave) {
      const size = Math.max(0, disk.freeBytes() - leave);
      const fd = fs.openSync(filler, "a");
      try {
        // In 1 MiB writes, so that a full filesystem stops it cleanly.
        const block = Buffer.alloc(1024 * 1024);
        for (let written = 0; written < size;) {
          const n = Math.min(block.length, size - written);
          try {
            fs.writeSync(fd, block, 0, n);
          } catch {
            break;
          }
          written += n;
        }
      } finally {
        fs.closeSync(fd);
      }
      return filler;
    },
    free() {
      fs.rmSync(filler, { force: true });
    },
    unmount() {
      if (disk.mounted) spawnSync("umount", ["-l", dir]);
      disk.mounted = false;
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
  if (process.getuid?.() !== 0) {
    disk.reason = "not root: cannot mount a small tmpfs";
    return disk;
  }
  const mount = spawnSync("mount", ["-t", "tmpfs", "-o", `size=${megabytes}m`, "tmpfs", dir], { encoding: "utf8" });
  if (mount.status !== 0) {
    disk.reason = `mount -t tmpfs failed: ${(mount.stderr || mount.error?.message || "").trim()}`;
    return disk;
  }
  disk.mounted = true;
  return disk;
}
