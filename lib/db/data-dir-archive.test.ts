import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { afterAll, expect, test } from "vitest";
import { filterTar, isOwnerFile, withoutOwnerFiles } from "./data-dir-archive";

/** The owner's files (lock record, command token) never travel in a tarball of DATA_DIR. */
const root = fs.mkdtempSync(path.join(os.tmpdir(), "data-dir-archive-"));
afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

test.each([
  ["owner.json", true],
  ["/owner.json", true],
  ["./owner.token", true],
  ["owner.json.4242.tmp", true],
  ["owner.token.4242.tmp", true],
  ["base/owner.json", false],
  ["/base/1/owner.token", false],
  ["owner.jsonx", false],
  ["PG_VERSION", false],
  ["postgresql.conf", false],
])("archive: %s is an owner's file: %s", (name, expected) => {
  expect(isOwnerFile(name)).toBe(expected);
});

/** Names in a plain tar archive, as GNU tar lists them. */
function list(tar: Buffer): string[] {
  const file = path.join(root, `list-${Math.random().toString(36).slice(2)}.tar`);
  fs.writeFileSync(file, tar);
  const listed = spawnSync("tar", ["-tf", file], { encoding: "utf8" });
  expect(listed.status).toBe(0);
  return listed.stdout.trim().split("\n").sort();
}

test.each(["ustar", "gnu", "pax"])("archive: the owner's files leave a %s tarball, everything else stays byte for byte", (format) => {
  const dir = path.join(root, `dir-${format}`);
  const long = `${"l".repeat(120)}.dat`;
  fs.mkdirSync(path.join(dir, "base", "1"), { recursive: true });
  for (const [name, text] of [
    ["PG_VERSION", "17\n"],
    ["owner.json", '{"pid":1}'],
    ["owner.token", "secret"],
    ["owner.token.77.tmp", "secret"],
    ["base/1/owner.json", "a table file that happens to have the name"],
    ["base/1/1259", "x".repeat(1500)],
    [format === "ustar" ? "short.dat" : long, "long name"],
  ]) {
    fs.writeFileSync(path.join(dir, name), text);
  }
  const tarFile = path.join(root, `${format}.tar`);
  const made = spawnSync("tar", [`--format=${format}`, "-cf", tarFile, "-C", dir, "."], { encoding: "utf8" });
  expect(made.stderr).toBe("");
  const tar = fs.readFileSync(tarFile);

  const filtered = filterTar(tar, isOwnerFile);
  expect(list(filtered)).toEqual(list(tar).filter((name) => !["./owner.json", "./owner.token", "./owner.token.77.tmp"].includes(name)));
  const extracted = path.join(root, `extracted-${format}`);
  fs.mkdirSync(extracted);
  const tarred = path.join(root, `filtered-${format}.tar`);
  fs.writeFileSync(tarred, filtered);
  expect(spawnSync("tar", ["-xf", tarred, "-C", extracted]).status).toBe(0);
  expect(fs.readFileSync(path.join(extracted, "base/1/1259"), "utf8")).toBe("x".repeat(1500));
  expect(fs.readFileSync(path.join(extracted, "base/1/owner.json"), "utf8")).toBe("a table file that happens to have the name");

  // Gzipped in, gzipped out.
  const again = withoutOwnerFiles(gzipSync(tar));
  expect(again.subarray(0, 2)).toEqual(Buffer.from([0x1f, 0x8b]));
});

test("archive: a truncated archive is an error, not a shorter backup", () => {
  const dir = path.join(root, "truncated");
  fs.mkdirSync(dir);
  fs.writeFileSync(path.join(dir, "big"), "y".repeat(5000));
  const tarFile = path.join(root, "truncated.tar");
  spawnSync("tar", ["-cf", tarFile, "-C", dir, "big"]);
  expect(() => filterTar(fs.readFileSync(tarFile).subarray(0, 2048), isOwnerFile)).toThrow("The archive is truncated.");
});
