import { afterEach, describe, expect, test } from "vitest";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import zlib from "node:zlib";
import { ensureApiReferenceBundle, integrityOf, PINNED, unpackTarball } from "./api-reference-bundle.mjs";

/** A .tgz as npm packs one (ustar; a name past 100 characters split into the header's prefix, or given by a pax header). */
function tarball(files: Record<string, string>, { pax = false } = {}): Buffer {
  const blocks: Buffer[] = [];
  const header = (name: string, size: number, type: string) => {
    const block = Buffer.alloc(512);
    let prefix = "";
    let rest = name;
    if (!pax && name.length > 100) [prefix, rest] = [path.posix.dirname(name), path.posix.basename(name)];
    block.write(rest.slice(0, 100), 0);
    block.write("0000644\0", 100);
    block.write(`${size.toString(8).padStart(11, "0")}\0`, 124);
    block.write(type, 156);
    block.write("ustar\0", 257);
    block.write("00", 263);
    block.write(prefix, 345);
    return block;
  };
  const body = (text: Buffer) => [text, Buffer.alloc((512 - (text.length % 512)) % 512)];
  for (const [name, text] of Object.entries(files)) {
    const bytes = Buffer.from(text);
    if (pax && name.length > 100) {
      // "<length> path=<name>\n", the length counting its own digits.
      const record = ` path=${name}\n`;
      let length = record.length;
      while (`${length}${record}`.length !== length) length = `${length}${record}`.length;
      const paxBody = Buffer.from(`${length}${record}`);
      blocks.push(header("PaxHeader", paxBody.length, "x"), ...body(paxBody));
    }
    blocks.push(header(name, bytes.length, "0"), ...body(bytes));
  }
  blocks.push(Buffer.alloc(1024));
  return zlib.gzipSync(Buffer.concat(blocks));
}

const LONG_CHUNK = `package/dist/browser/chunks/${"programming-computer-database-server".repeat(2)}.svg-DLcPhVuB.js`;
const PACKAGE_FILES = {
  "package/package.json": '{"name":"@scalar/api-reference"}',
  "package/dist/index.js": "export {}",
  "package/dist/browser/standalone.esm.js": "import('./chunks/a-1.js'); window.Scalar = {};",
  "package/dist/browser/standalone.esm.js.map": "{}",
  "package/dist/browser/standalone.js": "/* the UMD build */",
  "package/dist/browser/chunks/a-1.js": "export const a = 1;",
  "package/dist/browser/chunks/a-1.js.map": "{}",
  [LONG_CHUNK]: "export const long = 1;",
};

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});
function publicDir() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "api-reference-bundle-test-"));
  dirs.push(dir);
  return dir;
}
/** A pinned version whose tarball is `bytes`, and a pack that counts its calls. */
function pinnedTo(bytes: Buffer, integrity = integrityOf(bytes)) {
  const calls = { count: 0 };
  return { calls, pinned: { ...PINNED, integrity }, pack: () => (calls.count++, bytes) };
}
const listed = (dir: string) => fs.readdirSync(dir, { recursive: true, encoding: "utf8" }).sort();

describe("the API reference's viewer (scripts/api-reference-bundle.mjs)", () => {
  test("unpacks long names from the ustar prefix and from pax headers", () => {
    for (const pax of [false, true]) expect([...unpackTarball(tarball(PACKAGE_FILES, { pax })).keys()]).toEqual(Object.keys(PACKAGE_FILES));
  });

  test("the ES module, its chunks and Scalar's license are put into public/, nothing else; the next run asks npm nothing", () => {
    const dir = publicDir();
    const { calls, pinned, pack } = pinnedTo(tarball(PACKAGE_FILES));
    const first = ensureApiReferenceBundle({ publicDir: dir, pinned, pack });
    expect(first.status).toBe("unpacked");
    expect(first.dir).toBe(path.join(dir, "docs", "api", "scalar", PINNED.version));
    expect(listed(first.dir)).toEqual(
      ["LICENSE.txt", "chunks", "chunks/a-1.js", `chunks/${path.basename(LONG_CHUNK)}`, "integrity.json", "standalone.esm.js"].sort(),
    );
    expect(fs.readFileSync(path.join(first.dir, "standalone.esm.js"), "utf8")).toBe(PACKAGE_FILES["package/dist/browser/standalone.esm.js"]);
    expect(fs.readFileSync(path.join(first.dir, "LICENSE.txt"), "utf8")).toMatch(
      /^@scalar\/api-reference@[\d.]+ \(dist\/browser\), license MIT:\n\nMIT License\n\nCopyright \(c\) 2023-present Scalar\n/,
    );
    expect(ensureApiReferenceBundle({ publicDir: dir, pinned, pack }).status).toBe("present");
    expect(calls.count).toBe(1);
  });

  test("a tarball whose sha512 is not the pinned integrity is refused, and nothing is served", () => {
    const dir = publicDir();
    const { pinned, pack } = pinnedTo(tarball(PACKAGE_FILES), integrityOf(Buffer.from("another tarball")));
    expect(() => ensureApiReferenceBundle({ publicDir: dir, pinned, pack })).toThrow(
      new RegExp(
        `^api-reference-bundle: the tarball of @scalar/api-reference@${PINNED.version} has integrity sha512-\\S+, not the pinned sha512-\\S+ \\(components/api-docs/scalar-bundle\\.mjs\\): refused$`,
      ),
    );
    expect(listed(path.join(dir, "docs", "api", "scalar"))).toEqual([]);
  });

  test("a file changed or gone since it was unpacked is unpacked again; an earlier pin's folder goes", () => {
    const dir = publicDir();
    const { calls, pinned, pack } = pinnedTo(tarball(PACKAGE_FILES));
    const earlier = path.join(dir, "docs", "api", "scalar", "0.0.1");
    fs.mkdirSync(earlier, { recursive: true });
    const { dir: target } = ensureApiReferenceBundle({ publicDir: dir, pinned, pack });
    expect(fs.existsSync(earlier)).toBe(false);
    fs.writeFileSync(path.join(target, "standalone.esm.js"), "tampered");
    expect(ensureApiReferenceBundle({ publicDir: dir, pinned, pack }).status).toBe("unpacked");
    expect(fs.readFileSync(path.join(target, "standalone.esm.js"), "utf8")).toBe(PACKAGE_FILES["package/dist/browser/standalone.esm.js"]);
    fs.rmSync(path.join(target, "chunks", "a-1.js"));
    expect(ensureApiReferenceBundle({ publicDir: dir, pinned, pack }).status).toBe("unpacked");
    expect(calls.count).toBe(3);
  });

  test("a package without the browser build's ES module is refused", () => {
    const dir = publicDir();
    const { pinned, pack } = pinnedTo(tarball({ "package/dist/browser/standalone.js": "/* UMD only */" }));
    expect(() => ensureApiReferenceBundle({ publicDir: dir, pinned, pack })).toThrow(/has no package\/dist\/browser\/standalone\.esm\.js$/);
  });
});
