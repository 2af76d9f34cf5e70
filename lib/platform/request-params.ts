import qs from "qs";
import { PlatformError } from "./errors";
import type { Translate } from "./i18n";
import { config } from "@/lib/config.mjs";

/** Bracket notation (`fields[0][name]`) as qs reads it, with room for 1,000 array items. */
const QS_OPTIONS: qs.IParseOptions = { depth: 10, arrayLimit: 1000, parameterLimit: 10_000 };

/** PLATFORM_MAX_BODY_BYTES (lib/config.mjs). */
export const maxBodyBytes = (): number => config().platform.maxBodyBytes;

export type Params = Record<string, unknown>;

/**
 * Laravel's TrimStrings and ConvertEmptyStringsToNull, applied recursively: a
 * field sent as "" or "  " is the same as null.
 */
export function normalizeInput(value: unknown): unknown {
  if (typeof value === "string") {
    const trimmed = value.trim();
    return trimmed === "" ? null : trimmed;
  }
  if (Array.isArray(value)) return value.map(normalizeInput);
  if (value && typeof value === "object") {
    const out: Record<string, unknown> = {};
    for (const [key, inner] of Object.entries(value)) out[key] = normalizeInput(inner);
    return out;
  }
  return value;
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
      form = await new Response(new Uint8Array(bytes.buffer as ArrayBuffer, bytes.byteOffset, bytes.byteLength), { headers: { "content-type": request.headers.get("content-type") ?? "" } }).formData();
    } catch {
      const text = t("gateway.malformed_form");
      throw new PlatformError(400, { message: text, error: text });
    }
    const search = new URLSearchParams();
    for (const [key, value] of form.entries()) if (typeof value === "string") search.append(key, value);
    return qs.parse(search.toString(), QS_OPTIONS) as Params;
  }
  const body = (await readBodyBytes(request, t)).toString("utf8");
  if (body.trim() === "") return {};
  if (type.includes("json")) {
    let parsed: unknown;
    try {
      parsed = JSON.parse(body);
    } catch {
      const text = t("gateway.malformed_json");
      throw new PlatformError(400, { message: text, error: text });
    }
    return parsed && typeof parsed === "object" && !Array.isArray(parsed) ? (parsed as Params) : {};
  }
  // application/x-www-form-urlencoded, and bodies sent without a type.
  return qs.parse(body, QS_OPTIONS) as Params;
}

/** All parameters of a request: the query string, overridden by the body, as Laravel's `$request->all()`. */
export async function readParams(request: Request, t: Translate): Promise<Params> {
  const url = new URL(request.url);
  const query = qs.parse(url.search.replace(/^\?/, ""), QS_OPTIONS) as Params;
  const body = await readBody(request, t);
  return normalizeInput({ ...query, ...body }) as Params;
}
