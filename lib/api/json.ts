import "server-only";

/** Keys whose integer values are money in minor units: kept as digit strings, never a float. */
export const MONEY_KEYS: ReadonlySet<string> = new Set(["amount", "balance_after"]);

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
 * JSON.parse, except that an integer value of a money key (`"amount": 12345`)
 * comes back as its digits ("12345"), so that amounts above 2^53 keep every
 * digit. A scan over string tokens finds keys; nothing inside strings is touched.
 */
export function parseJsonKeepingMoney(text: string, moneyKeys: ReadonlySet<string> = MONEY_KEYS): unknown {
  // Most answers (a page of 1,000 contacts) hold no money key at all, not even escaped: then the scan would change nothing.
  if (!text.includes("\\u") && ![...moneyKeys].some((key) => text.includes(`"${key}"`))) return JSON.parse(text);
  const parts: string[] = [];
  let copied = 0;
  let i = text.indexOf('"');
  while (i !== -1) {
    const end = endOfString(text, i);
    WHITESPACE.lastIndex = end;
    WHITESPACE.exec(text);
    let next = WHITESPACE.lastIndex;
    if (text[next] === ":" && moneyKeys.has(JSON.parse(text.slice(i, end)) as string)) {
      WHITESPACE.lastIndex = next + 1;
      WHITESPACE.exec(text);
      const valueStart = WHITESPACE.lastIndex;
      INTEGER.lastIndex = valueStart;
      const match = INTEGER.exec(text);
      if (match && !match[1] && !match[2]) {
        parts.push(text.slice(copied, valueStart), `"${match[0]}"`);
        copied = INTEGER.lastIndex;
      }
      next = valueStart;
    } else {
      next = end;
    }
    i = text.indexOf('"', Math.max(next, end));
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
