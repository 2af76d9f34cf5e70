/**
 * JSON with exact integers: money is bigint end to end, and JSON.stringify cannot
 * write a bigint. Each bigint is written as its decimal digits, a JSON number.
 *
 * Also JSON objects whose key order is data (a list's `fields`): a JS object puts
 * integer-like keys ("1", "10") before all others, so an `OrderedMap` is written
 * by `stringifyJson` with its keys exactly in insertion order.
 *
 * And JSON already written (a batch of contacts PostgreSQL built, contacts/page.ts):
 * a `RawJson` is written by `stringifyJson` as its text, verbatim, never parsed.
 */
// A per-process nonce keeps request data from ever looking like one of our marks.
const NONCE = globalThis.crypto.randomUUID().replace(/-/g, "").slice(0, 16);
const MARK = `\u0000bigint${NONCE}:`;
const KEY_MARK = `\u0000key${NONCE}:`;
const RAW_MARK = `\u0000raw${NONCE}:`;

/**
 * The text of a JSON value, to be written as it is by `stringifyJson` (plain JSON.stringify would write the object
 * `{"text": …}`). Whoever makes one answers for the text being one JSON value (the contact batches are, by construction
 * and by their tests); nothing here parses it. No toJSON: JSON.stringify calls it before any replacer sees the value.
 */
export class RawJson {
  /** The text in pieces, in order: written one after the other, never joined on the way to a response. */
  readonly parts: readonly string[];

  constructor(text: string | readonly string[]) {
    this.parts = typeof text === "string" ? [text] : text;
  }

  /** A JSON array of `items`, each the text of one JSON value. */
  static array(items: readonly string[]): RawJson {
    if (items.length === 0) return new RawJson("[]");
    const parts: string[] = new Array(items.length * 2 + 1);
    parts[0] = "[";
    items.forEach((item, index) => {
      parts[index * 2 + 1] = item;
      parts[index * 2 + 2] = ",";
    });
    parts[parts.length - 1] = "]";
    return new RawJson(parts);
  }

  get text(): string {
    return this.parts.join("");
  }
}

/** A JSON object with its keys in insertion order (integer-like keys included). */
export class OrderedMap<V = unknown> {
  readonly entries: ReadonlyArray<readonly [string, V]>;

  constructor(entries: Iterable<readonly [string, V]>) {
    this.entries = [...entries];
  }

  get(key: string): V | undefined {
    return this.entries.find(([name]) => name === key)?.[1];
  }

  keys(): string[] {
    return this.entries.map(([name]) => name);
  }

  /** Plain JSON.stringify still writes every entry (integer-like keys first, as JS orders them). */
  toJSON(): Record<string, V> {
    return Object.fromEntries(this.entries) as Record<string, V>;
  }
}

export function orderedMap<V>(entries: Iterable<readonly [string, V]>): OrderedMap<V> {
  return new OrderedMap(entries);
}

export function stringifyJson(value: unknown): string {
  return jsonParts(value).join("");
}

/**
 * The JSON text of `value` in pieces: the text around each RawJson, and each RawJson's text, in order (one piece when
 * there is none). Joined, they are stringifyJson's text; a response writes them one after the other, never copying a
 * large raw text into one string first.
 */
function jsonParts(value: unknown): string[] {
  let ordered = false;
  const raw: RawJson[] = [];
  const text = JSON.stringify(value, function (this: Record<string, unknown>, key, inner) {
    // `this[key]` is the value before toJSON ran: an OrderedMap or a RawJson is seen here as itself.
    const original = this[key];
    if (original instanceof RawJson) {
      raw.push(original);
      return `${RAW_MARK}${raw.length - 1}`;
    }
    if (original instanceof OrderedMap) {
      ordered = true;
      // Marked keys are never integer-like, so the object keeps this order.
      return Object.fromEntries(original.entries.map(([name, entry]) => [`${KEY_MARK}${name}`, entry]));
    }
    return typeof inner === "bigint" ? `${MARK}${inner.toString()}` : inner;
  });
  const numbers = text.replace(new RegExp(`"\\\\u0000bigint${NONCE}:(-?\\d+)"`, "g"), "$1");
  const keyed = ordered ? numbers.split(`"\\u0000key${NONCE}:`).join('"') : numbers;
  // Last, so that no pass above reads the raw texts (they can be large). Cut at the marks rather than a regular
  // expression's replace with a function, which took ~2 ms to splice a batch of 1,000 contacts (~300 kB) in.
  return raw.length === 0 ? [keyed] : splitAtRaw(keyed, raw);
}

/** The JSON text cut at each raw mark (a JSON string `"\\u0000raw…:i"`), with the pieces of raw[i] in its place. */
function splitAtRaw(text: string, raw: RawJson[]): string[] {
  const mark = `"\\u0000raw${NONCE}:`;
  const parts: string[] = [];
  let at = 0;
  for (let found = text.indexOf(mark); found !== -1; found = text.indexOf(mark, at)) {
    const end = text.indexOf('"', found + mark.length);
    parts.push(text.slice(at, found));
    for (const part of raw[Number(text.slice(found + mark.length, end))].parts) parts.push(part);
    at = end + 1;
  }
  parts.push(text.slice(at));
  return parts;
}

/**
 * A JSON response. With raw texts in the body (a batch of contacts, one piece per contact), the pieces are written
 * straight into one buffer of the body's size: no string the size of the body is ever made (a copy, then another when
 * it is encoded), and no large allocation but the body's own. That buffer is the body as it is: the response streams
 * it (a Response made from bytes would copy them first), states its length, and `responseBytes` hands it to a server
 * without reading the stream.
 */
export function jsonResponse(status: number, body: unknown, headers: Record<string, string> = {}): Response {
  const parts = jsonParts(body);
  const contentType = { "content-type": "application/json; charset=utf-8" };
  if (parts.length === 1) return new Response(parts[0], { status, headers: { ...contentType, ...headers } });
  let size = 0;
  for (const part of parts) size += Buffer.byteLength(part, "utf8");
  const payload = Buffer.allocUnsafe(size);
  let at = 0;
  for (const part of parts) at += payload.write(part, at, "utf8");
  const stream = new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(payload);
      controller.close();
    },
  });
  const response = new Response(stream, { status, headers: { ...contentType, ...headers, "content-length": String(size) } });
  bodies.set(response, payload);
  return response;
}

/** The bytes of the responses jsonResponse wrote into one buffer, by response. */
const bodies = new WeakMap<Response, Buffer>();

/**
 * A response's body as bytes: a large JSON response's own buffer when its stream is still unread (no copy), else the
 * body read whole. A server that writes a body in one piece takes it here.
 */
export async function responseBytes(response: Response): Promise<Buffer> {
  const own = bodies.get(response);
  if (own !== undefined && !response.bodyUsed) return own;
  return Buffer.from(await response.arrayBuffer());
}
