import "server-only";

/** Keys whose integer values are money in minor units: kept as digit strings, never a float. */
const MONEY_KEYS: ReadonlySet<string> = new Set(["amount", "balance_after"]);

const INTEGER = /-?\d+(?:(\.\d+)|([eE][+-]?\d+))?/y;
const WHITESPACE = /[ \t\n\r]*/y;

function endOfString(text: string, start: number): number {
  for (let i = start + 1; i < text.length; i++) {
    const char = text.charCodeAt(i);
    if (char === 92 /* \ */) i++;
    else if (char === 34 /* " */) return i + 1;
  }
  throw new SyntaxError("Unterminated string in JSON");
}

/**
 * Put before each member key of an object whose order must survive JSON.parse (see
 * `orderedKeys`): a key that starts with it is never an array index, and JS objects
 * keep such keys in the order they were written.
 */
export const KEY_ORDER_MARK = "\u0001";

const NO_KEYS: ReadonlySet<string> = new Set();

export interface JsonParseOptions {
  /** Keys whose integer values are money (default MONEY_KEYS). */
  moneyKeys?: ReadonlySet<string>;
  /**
   * Keys whose object value's member order matters (a list's `fields`, where a slug may
   * be all digits, "2024"): each member key comes back with KEY_ORDER_MARK before it.
   */
  orderedKeys?: ReadonlySet<string>;
}

/** Index just past the JSON value that starts at `start` (strings, nested objects and arrays skipped whole). */
function endOfValue(text: string, start: number): number {
  const first = text[start];
  if (first === '"') return endOfString(text, start);
  if (first !== "{" && first !== "[") {
    let i = start;
    while (i < text.length && !",}] \t\n\r".includes(text[i])) i++;
    return i;
  }
  let depth = 0;
  for (let i = start; i < text.length; i++) {
    const char = text[i];
    if (char === '"') i = endOfString(text, i) - 1;
    else if (char === "{" || char === "[") depth++;
    else if (char === "}" || char === "]") {
      depth--;
      if (depth === 0) return i + 1;
    }
  }
  throw new SyntaxError("Unterminated object or array in JSON");
}

function skipWhitespace(text: string, from: number): number {
  WHITESPACE.lastIndex = from;
  WHITESPACE.exec(text);
  return WHITESPACE.lastIndex;
}

/**
 * JSON.parse, except that an integer value of a money key (`"amount": 12345`)
 * comes back as its digits ("12345"), so that amounts above 2^53 keep every
 * digit, and the members of an `orderedKeys` object keep their order (marked keys).
 * A scan over string tokens finds keys; nothing inside strings is touched.
 */
export function parseJsonKeepingMoney(text: string, options: JsonParseOptions = {}): unknown {
  const moneyKeys = options.moneyKeys ?? MONEY_KEYS;
  const orderedKeys = options.orderedKeys ?? NO_KEYS;
  const wanted = [...moneyKeys, ...orderedKeys];
  // Most answers (a page of 1,000 contacts) hold none of the keys, not even escaped: then the scan would change nothing.
  if (!text.includes("\\u") && !wanted.some((key) => text.includes(`"${key}"`))) return JSON.parse(text);
  /** Replacements of text[start, end), collected in any order, applied in text order. */
  const edits: { start: number; end: number; text: string }[] = [];
  /** Member keys already marked: as keys they are data (a slug), not money or ordered keys. */
  const marked = new Set<number>();
  let i = text.indexOf('"');
  while (i !== -1) {
    const end = endOfString(text, i);
    let next = skipWhitespace(text, end);
    const name = text[next] === ":" && !marked.has(i) ? (JSON.parse(text.slice(i, end)) as string) : null;
    if (name !== null && moneyKeys.has(name)) {
      const valueStart = skipWhitespace(text, next + 1);
      INTEGER.lastIndex = valueStart;
      const match = INTEGER.exec(text);
      if (match && !match[1] && !match[2]) edits.push({ start: valueStart, end: INTEGER.lastIndex, text: `"${match[0]}"` });
      next = valueStart;
    } else if (name !== null && orderedKeys.has(name)) {
      const valueStart = skipWhitespace(text, next + 1);
      if (text[valueStart] === "{") {
        let member = skipWhitespace(text, valueStart + 1);
        while (text[member] === '"') {
          marked.add(member);
          edits.push({ start: member + 1, end: member + 1, text: "\\u0001" });
          const colon = skipWhitespace(text, endOfString(text, member));
          const after = skipWhitespace(text, endOfValue(text, skipWhitespace(text, colon + 1)));
          if (text[after] !== ",") break;
          member = skipWhitespace(text, after + 1);
        }
      }
      // Go on inside the object: its values may hold money keys.
      next = valueStart;
    } else {
      next = end;
    }
    i = text.indexOf('"', Math.max(next, end));
  }
  if (edits.length === 0) return JSON.parse(text);
  edits.sort((a, b) => a.start - b.start);
  const parts: string[] = [];
  let copied = 0;
  for (const edit of edits) {
    parts.push(text.slice(copied, edit.start), edit.text);
    copied = edit.end;
  }
  parts.push(text.slice(copied));
  return JSON.parse(parts.join(""));
}

const MARK = "\u0000bigint:";

/** JSON.stringify that writes a bigint as a JSON number with every digit. */
export function stringifyJson(value: unknown): string {
  const text = JSON.stringify(value, (_key, inner) => (typeof inner === "bigint" ? `${MARK}${inner.toString()}` : inner));
  return text.replace(/"\\u0000bigint:(-?\d+)"/g, "$1");
}
