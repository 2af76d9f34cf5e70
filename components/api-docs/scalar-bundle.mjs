/**
 * The API reference's viewer (/docs/api): Scalar's prebuilt browser build, `dist/browser/` of the npm package
 * `@scalar/api-reference`, pinned here by version and by the integrity of its npm tarball. It is not a dependency of
 * the app (the package declares Node >=22 and pulls in two dozen packages the page never runs): on `next build` and
 * `next dev`, next.config.ts has scripts/api-reference-bundle.mjs fetch the tarball (`npm pack`, npm's cache first),
 * check it against INTEGRITY and put the build's ES module and its chunks into public/ (git-ignored), where this origin
 * serves them. A new version: change both values together (`npm view @scalar/api-reference@<version> dist.integrity`).
 */
export const SCALAR_PACKAGE = "@scalar/api-reference";
export const SCALAR_VERSION = "1.72.1";
export const SCALAR_INTEGRITY = "sha512-XpEJ0rfc/cXbCrR+iC4kK0o/WwX2dTtGQbT049OlPKAHD6IMIFdTeGz2r+M27P2EDWKyUITRm/NzlP8z2pw/Ow==";

/** The address of the version's folder: a folder per version, so that its files can be cached for a year, immutable. */
export const SCALAR_BASE_PATH = `/docs/api/scalar/${SCALAR_VERSION}`;

/** The module the page loads: it sets `window.Scalar.createApiReference` and imports its chunks from ./chunks/. */
export const SCALAR_ENTRY_URL = `${SCALAR_BASE_PATH}/standalone.esm.js`;
