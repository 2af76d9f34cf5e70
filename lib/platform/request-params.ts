import qs from "qs";
import { PlatformError } from "./errors";
import { apiBodyRejections } from "./metrics";
import type { Translate } from "./i18n";
import { config } from "@/lib/core/config.mjs";
import { InputTooDeepError, MAX_INPUT_DEPTH } from "@/lib/core/http/input-safety";

/**
 * Bracket notation (`fields[0][name]`) as qs reads it, with room for 1,000 array items.
 * Objects without a prototype (a key `constructor` or `__proto__` is data, never a
 * prototype; qs drops `__proto__` itself), and brackets nested deeper than the limit
 * are refused (strictDepth) rather than kept as one odd literal key.
 */
const QS_OPTIONS: qs.IParseOptions = {
  depth: MAX_INPUT_DEPTH,
  strictDepth: true,
  plainObjects: true,
  allowPrototypes: false,
  arrayLimit: 1000,
  parameterLimit: 10_000,
};

/** PLATFORM_MAX_BODY_BYTES (lib/core/config.mjs). */
export const maxBodyBytes = (): number => config().platform.maxBodyBytes;

/** Parsed parameters: always objects without a prototype, so that no key (`__proto__`, `constructor`) means anything but data. */
export type Params = Record<string, unknown>;

function normalizeScalar(value: unknown): unknown {
  if (typeof value !== "string") return value;
  const trimmed = value.trim();
  return trimmed === "" ? null : trimmed;
}

/**
 * Laravel's TrimStrings and ConvertEmptyStringsToNull, applied at every level: a
 * field sent as "" or "  " is the same as null. A copy made without recursion
 * (an explicit stack), into objects without a prototype; deeper than maxDepth
 * levels it throws InputTooDeepError.
 */
export function normalizeInput(value: unknown, maxDepth = MAX_INPUT_DEPTH): unknown {
  const root: unknown[] = [undefined];
  const stack: { source: unknown; target: Record<string | number, unknown>; key: string | number; depth: number }[] = [
    { source: value, target: root as unknown as Record<number, unknown>, key: 0, depth: 0 },
  ];
  while (stack.length > 0) {
    const { source, target, key, depth } = stack.pop()!;
    if (typeof source !== "object" || source === null) {
      target[key] = normalizeScalar(source);
      continue;
    }
    if (depth >= maxDepth) throw new InputTooDeepError(maxDepth);
    const copy: Record<string | number, unknown> = Array.isArray(source) ? new Array<unknown>(source.length) : Object.create(null);
    for (const [innerKey, inner] of Object.entries(source)) {
      const slot = Array.isArray(source) ? Number(innerKey) : innerKey;
      // The key goes in now, so that the copy keeps the order of the source's keys.
      copy[slot] = undefined;
      stack.push({ source: inner, target: copy, key: slot, depth: depth + 1 });
    }
    target[key] = copy;
  }
  return root[0];
}

function tooDeep(t: Translate): PlatformError {
  apiBodyRejections.inc({ reason: "too_deep" });
  const text = t("gateway.too_deep", { max: MAX_INPUT_DEPTH });
  return new PlatformError(400, { message: text, error: text });
}

/** qs.parse, with brackets nested beyond the limit answered 400 (qs throws a RangeError for those). */
function parseQueryText(text: string, t: Translate): Params {
  try {
    return qs.parse(text, QS_OPTIONS) as Params;
  } catch (error) {
    if (error instanceof RangeError) throw tooDeep(t);
    throw error;
  }
}

/** The body's bytes, refused with 413 beyond PLATFORM_MAX_BODY_BYTES (declared or counted while reading). */
async function readBodyBytes(request: Request, t: Translate): Promise<Buffer> {
  const declared = Number(request.headers.get("content-length") ?? "0");
  if (declared > maxBodyBytes()) throw payloadTooLarge(t);
  if (!request.body) return Buffer.alloc(0);
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBodyBytes()) {
      await reader.cancel();
      throw payloadTooLarge(t);
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks);
}

function payloadTooLarge(t: Translate): PlatformError {
  apiBodyRejections.inc({ reason: "too_large" });
  const text = t("gateway.payload_too_large", { max: maxBodyBytes() });
  return new PlatformError(413, { message: text, error: text });
}

/** Reads the body as JSON, urlencoded or multipart form fields. */
async function readBody(request: Request, t: Translate): Promise<Params> {
  if (request.method === "GET" || request.method === "HEAD") return {};
  const type = (request.headers.get("content-type") ?? "").toLowerCase();
  if (type.includes("multipart/form-data")) {
    const bytes = await readBodyBytes(request, t);
    let form: FormData;
    try {
      form = await new Response(new Uint8Array(bytes.buffer as ArrayBuffer, bytes.byteOffset, bytes.byteLength), {
        headers: { "content-type": request.headers.get("content-type") ?? "" },
      }).formData();
    } catch {
      apiBodyRejections.inc({ reason: "malformed_form" });
      const text = t("gateway.malformed_form");
      throw new PlatformError(400, { message: text, error: text });
    }
    const search = new URLSearchParams();
    for (const [key, value] of form.entries()) if (typeof value === "string") search.append(key, value);
    return parseQueryText(search.toString(), t);
  }
  const body = (await readBodyBytes(request, t)).toString("utf8");
  if (body.trim() === "") return {};
  if (type.includes("json")) {
    let parsed: unknown;
    try {
      parsed = JSON.parse(body);
    } catch {
      apiBodyRejections.inc({ reason: "malformed_json" });
      const text = t("gateway.malformed_json");
      throw new PlatformError(400, { message: text, error: text });
    }
    return parsed && typeof parsed === "object" && !Array.isArray(parsed) ? (parsed as Params) : {};
  }
  // application/x-www-form-urlencoded, and bodies sent without a type.
  return parseQueryText(body, t);
}

/** All parameters of a request: the query string, overridden by the body, as Laravel's `$request->all()`. */
export async function readParams(request: Request, t: Translate): Promise<Params> {
  const url = new URL(request.url);
  const query = parseQueryText(url.search.replace(/^\?/, ""), t);
  const body = await readBody(request, t);
  // Into an object without a prototype, where a body key `__proto__` stays a plain key.
  const merged: Params = Object.create(null);
  for (const source of [query, body]) for (const [key, value] of Object.entries(source)) merged[key] = value;
  try {
    return normalizeInput(merged) as Params;
  } catch (error) {
    if (error instanceof InputTooDeepError) throw tooDeep(t);
    throw error;
  }
}
