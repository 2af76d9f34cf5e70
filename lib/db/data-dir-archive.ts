import path from "node:path";
import { gunzipSync, gzipSync } from "node:zlib";
import { dataDirSocketName, OWNER_RECORD, TOKEN_FILE } from "./data-dir-lock.mjs";

/**
 * The files in DATA_DIR that belong to its current owner, not to the database:
 * the lock's owner record, the command channel's token (a secret: it must not
 * travel in a backup), their temporary files while they are written, and off
 * Linux the lock's socket file. A backup leaves them out and a restore never
 * copies them in, so a restored directory has no owner until someone opens it.
 */
function ownerFiles(): string[] {
  const names = [OWNER_RECORD, TOKEN_FILE];
  if (process.platform !== "linux") names.push(path.basename(dataDirSocketName("/")));
  return names;
}

/** Whether a top-level name in DATA_DIR (or in a tarball of it) is one of the owner's files. */
export function isOwnerFile(name: string): boolean {
  const base = name.replace(/^(\.?\/)+/, "");
  if (base.includes("/")) return false;
  return ownerFiles().some((owner) => base === owner || (base.startsWith(`${owner}.`) && base.endsWith(".tmp")));
}

const BLOCK = 512;

function tarSize(header: Buffer): number {
  const field = header.subarray(124, 136);
  // Base-256 (GNU) for sizes beyond 8 GiB: the first byte's high bit is set.
  if (field[0] & 0x80) {
    let size = field[0] & 0x7f;
    for (const byte of field.subarray(1)) size = size * 256 + byte;
    return size;
  }
  const text = field.toString("latin1").replace(/\0.*$/s, "").trim();
  return text ? parseInt(text, 8) : 0;
}

const tarString = (bytes: Buffer): string => bytes.toString("utf8").replace(/\0.*$/s, "");

function tarName(header: Buffer): string {
  const name = tarString(header.subarray(0, 100));
  const prefix = header.subarray(257, 263).toString("latin1").startsWith("ustar") ? tarString(header.subarray(345, 500)) : "";
  return prefix ? `${prefix}/${name}` : name;
}

/**
 * A tar archive without the entries `drop` names. Extension headers (GNU long
 * names "L"/"K", pax "x") travel with the entry they describe.
 */
export function filterTar(tar: Buffer, drop: (name: string) => boolean): Buffer {
  const kept: Buffer[] = [];
  let pending: Buffer[] = [];
  let longName: string | null = null;
  let offset = 0;
  while (offset + BLOCK <= tar.length) {
    const start = offset;
    const header = tar.subarray(start, start + BLOCK);
    if (header.every((byte) => byte === 0)) break; // the end-of-archive blocks
    const size = tarSize(header);
    const end = start + BLOCK + Math.ceil(size / BLOCK) * BLOCK;
    if (end > tar.length) throw new Error("The archive is truncated.");
    const entry = tar.subarray(start, end);
    const type = String.fromCharCode(header[156]);
    offset = end;
    if (type === "L" || type === "K" || type === "x") {
      if (type === "L") longName = tarString(tar.subarray(start + BLOCK, start + BLOCK + size));
      pending.push(entry);
      continue;
    }
    const name = longName ?? tarName(header);
    if (!drop(name)) kept.push(...pending, entry);
    pending = [];
    longName = null;
  }
  kept.push(Buffer.alloc(2 * BLOCK));
  return Buffer.concat(kept);
}

const isGzip = (bytes: Buffer): boolean => bytes.length > 2 && bytes[0] === 0x1f && bytes[1] === 0x8b;

/** A (gzipped or plain) tarball of a data directory without its owner's files, gzipped. */
export function withoutOwnerFiles(tarball: Buffer): Buffer {
  const tar = isGzip(tarball) ? gunzipSync(tarball) : tarball;
  return gzipSync(filterTar(tar, isOwnerFile));
}
