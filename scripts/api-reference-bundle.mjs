#!/usr/bin/env node
// The API reference's viewer, put where this origin serves it: Scalar's browser build (the ES module and its chunks from
// `dist/browser/` of @scalar/api-reference, pinned in components/api-docs/scalar-bundle.mjs) in
// public/docs/api/scalar/<version>/, with Scalar's license. next.config.ts runs it on `next build` and `next dev` (so
// every build, `npm run build`, `npm test`'s and the benchmarks' alike, has it); by hand: `node scripts/api-reference-bundle.mjs`.
//
// Already there and intact (each file's sha512 as integrity.json recorded it at extraction): nothing to do, no network.
// Otherwise `npm pack` fetches the package's tarball (npm's cache first: `--prefer-offline`; no install, so no engine
// check and no dependency), its sha512 must be the pinned integrity, and the files are unpacked into a temporary folder
// that is then renamed into place (two builds at once never see half a folder). Any failure stops the build with one
// line saying what went wrong.
import { spawnSync } from "node:child_process";
import { createHash, randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import zlib from "node:zlib";
import { SCALAR_BASE_PATH, SCALAR_INTEGRITY, SCALAR_PACKAGE, SCALAR_VERSION } from "../components/api-docs/scalar-bundle.mjs";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

/** The pinned package: what is fetched, and the folder (under public/) it is served from. */
export const PINNED = { name: SCALAR_PACKAGE, version: SCALAR_VERSION, integrity: SCALAR_INTEGRITY, basePath: SCALAR_BASE_PATH };

/** The browser build's files the page needs: the ES module and the chunks it imports (not the source maps, not the UMD build). */
const BROWSER_DIR = "package/dist/browser/";
const isViewerFile = (relative) => relative === "standalone.esm.js" || /^chunks\/[^/]+\.js$/.test(relative);

/** The package ships no LICENSE file (package.json says MIT); this is its repository's (github.com/scalar/scalar). */
const LICENSE = `MIT License

Copyright (c) 2023-present Scalar

Permission is hereby granted, free of charge, to any person obtaining a copy
of this software and associated documentation files (the "Software"), to deal
in the Software without restriction, including without limitation the rights
to use, copy, modify, merge, publish, distribute, sublicense, and/or sell
copies of the Software, and to permit persons to whom the Software is
furnished to do so, subject to the following conditions:

The above copyright notice and this permission notice shall be included in all
copies or substantial portions of the Software.

THE SOFTWARE IS PROVIDED "AS IS", WITHOUT WARRANTY OF ANY KIND, EXPRESS OR
IMPLIED, INCLUDING BUT NOT LIMITED TO THE WARRANTIES OF MERCHANTABILITY,
FITNESS FOR A PARTICULAR PURPOSE AND NONINFRINGEMENT. IN NO EVENT SHALL THE
AUTHORS OR COPYRIGHT HOLDERS BE LIABLE FOR ANY CLAIM, DAMAGES OR OTHER
LIABILITY, WHETHER IN AN ACTION OF CONTRACT, TORT OR OTHERWISE, ARISING FROM,
OUT OF OR IN CONNECTION WITH THE SOFTWARE OR THE USE OR OTHER DEALINGS IN THE
SOFTWARE.
`;

/** npm's form of a digest: `sha512-<base64>`. @param {Uint8Array} bytes */
export const integrityOf = (bytes) => `sha512-${createHash("sha512").update(bytes).digest("base64")}`;

const fail = (message) => {
  throw new Error(`api-reference-bundle: ${message}`);
};

/**
 * The regular files of a .tgz (ustar, with GNU and pax long names): path → bytes.
 * @param {Buffer} gzipped
 * @returns {Map<string, Buffer>}
 */
export function unpackTarball(gzipped) {
  const tar = zlib.gunzipSync(gzipped);
  const files = new Map();
  const text = (start, length) =>
    tar
      .subarray(start, start + length)
      .toString("utf8")
      .replace(/\0.*$/s, "");
  let longName = null;
  for (let offset = 0; offset + 512 <= tar.length;) {
    const header = tar.subarray(offset, offset + 512);
    if (header.every((byte) => byte === 0)) break;
    const size = parseInt(text(offset + 124, 12).trim() || "0", 8);
    const type = String.fromCharCode(header[156] || 48);
    const prefix = text(offset + 257, 6).startsWith("ustar") ? text(offset + 345, 155) : "";
    const name = longName ?? (prefix ? `${prefix}/${text(offset, 100)}` : text(offset, 100));
    const body = tar.subarray(offset + 512, offset + 512 + size);
    if (body.length < size) fail("the tarball is truncated");
    longName = null;
    if (type === "x") longName = /(?:^|\n)\d+ path=([^\n]*)\n/.exec(body.toString("utf8"))?.[1] ?? null;
    else if (type === "L") longName = body.toString("utf8").replace(/\0.*$/s, "");
    else if (type === "0" || type === "7") files.set(name, Buffer.from(body));
    offset += 512 + Math.ceil(size / 512) * 512;
  }
  return files;
}

/**
 * The tarball of the pinned version, through npm (its cache first).
 * @param {typeof PINNED} pinned
 * @param {string} destination
 * @returns {Buffer}
 */
function npmPack({ name, version }, destination) {
  const result = spawnSync(
    "npm",
    ["pack", `${name}@${version}`, "--pack-destination", destination, "--json", "--ignore-scripts", "--prefer-offline", "--loglevel=error"],
    { cwd: root, encoding: "utf8" },
  );
  if (result.error || result.status !== 0) {
    // npm's first line that says what happened ("FetchError: request to … failed, reason: …", "404 Not Found - GET …").
    const said = result.stderr
      .split("\n")
      .map((line) => line.replace(/^npm (?:error|ERR!) ?/, "").trim())
      .find((line) => line && !/^(code|syscall|errno|at) |^A complete log|^[{}]/.test(line));
    const reason = result.error?.message ?? said ?? `exit ${result.status}`;
    fail(`\`npm pack ${name}@${version}\` failed (${reason}): the npm registry, or npm's cache holding that version, is needed to build`);
  }
  const [packed] = JSON.parse(result.stdout);
  return fs.readFileSync(path.join(destination, packed.filename));
}

const MANIFEST = "integrity.json";
const sha512 = (bytes) => createHash("sha512").update(bytes).digest("base64");

/** True when `dir` holds the pinned version, every file it recorded still as it was unpacked. */
function intact(dir, pinned) {
  let manifest;
  try {
    manifest = JSON.parse(fs.readFileSync(path.join(dir, MANIFEST), "utf8"));
  } catch {
    return false;
  }
  if (manifest.name !== pinned.name || manifest.version !== pinned.version || manifest.integrity !== pinned.integrity) return false;
  return Object.entries(manifest.files ?? {}).every(([file, digest]) => {
    try {
      return sha512(fs.readFileSync(path.join(dir, file))) === digest;
    } catch {
      return false;
    }
  });
}

/**
 * Makes sure public/<basePath>/ holds the pinned viewer; answers whether it was already there ("present") or has just
 * been unpacked ("unpacked"). `pack` (tests) returns the tarball's bytes.
 * @param {{ publicDir?: string, pinned?: typeof PINNED, pack?: (pinned: typeof PINNED, destination: string) => Buffer }} [options]
 * @returns {{ status: "present" | "unpacked", dir: string }}
 */
export function ensureApiReferenceBundle({ publicDir = path.join(root, "public"), pinned = PINNED, pack = npmPack } = {}) {
  const target = path.join(publicDir, ...pinned.basePath.split("/").filter(Boolean));
  if (intact(target, pinned)) return { status: "present", dir: target };

  const parent = path.dirname(target);
  fs.mkdirSync(parent, { recursive: true });
  const staging = path.join(parent, `.staging-${process.pid}-${randomBytes(4).toString("hex")}`);
  const download = fs.mkdtempSync(path.join(os.tmpdir(), "api-reference-bundle-"));
  try {
    const tarball = pack(pinned, download);
    const found = integrityOf(tarball);
    if (found !== pinned.integrity) {
      fail(
        `the tarball of ${pinned.name}@${pinned.version} has integrity ${found}, not the pinned ${pinned.integrity} (components/api-docs/scalar-bundle.mjs): refused`,
      );
    }
    const files = new Map(
      [...unpackTarball(tarball)]
        .filter(([name]) => name.startsWith(BROWSER_DIR) && isViewerFile(name.slice(BROWSER_DIR.length)))
        .map(([name, bytes]) => [name.slice(BROWSER_DIR.length), bytes]),
    );
    if (!files.has("standalone.esm.js")) fail(`${pinned.name}@${pinned.version} has no ${BROWSER_DIR}standalone.esm.js`);
    files.set("LICENSE.txt", Buffer.from(`${pinned.name}@${pinned.version} (dist/browser), license MIT:\n\n${LICENSE}`));
    const digests = {};
    for (const [file, bytes] of files) {
      fs.mkdirSync(path.dirname(path.join(staging, file)), { recursive: true });
      fs.writeFileSync(path.join(staging, file), bytes);
      digests[file] = sha512(bytes);
    }
    const manifest = { name: pinned.name, version: pinned.version, integrity: pinned.integrity, files: digests };
    fs.writeFileSync(path.join(staging, MANIFEST), `${JSON.stringify(manifest, null, 2)}\n`);
    // Another build may have unpacked it meanwhile: theirs is as good as ours.
    if (!intact(target, pinned)) {
      fs.rmSync(target, { recursive: true, force: true });
      try {
        fs.renameSync(staging, target);
      } catch (error) {
        if (!intact(target, pinned)) throw error;
      }
    }
    // Earlier pins' folders (staging folders of builds still running are left alone).
    for (const entry of fs.readdirSync(parent)) {
      if (!entry.startsWith(".") && entry !== path.basename(target)) fs.rmSync(path.join(parent, entry), { recursive: true, force: true });
    }
    return { status: "unpacked", dir: target };
  } finally {
    fs.rmSync(staging, { recursive: true, force: true });
    fs.rmSync(download, { recursive: true, force: true });
  }
}

if (process.argv[1] && import.meta.url === `file://${path.resolve(process.argv[1])}`) {
  try {
    const { status, dir } = ensureApiReferenceBundle();
    console.log(`${PINNED.name}@${PINNED.version}: ${status} in ${path.relative(process.cwd(), dir)}`);
  } catch (error) {
    console.error(error.message);
    process.exit(1);
  }
}
