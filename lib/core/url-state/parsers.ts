import { createParser } from "nuqs/server";

/**
 * The URL parsers the page maps share (lib/<area>/…-params.ts). Each one is
 * tolerant: a value it does not accept parses as "absent", so the map's default
 * applies and a hand-edited or stale URL never crashes a page.
 */
const MAX_ID = 9_007_199_254_740_991;

// The pattern of zod's `z.uuid()` (RFC 9562: versions 1-8, the nil and max UUIDs), without zod: these parsers run in
// the browser on most pages, and importing zod would put all of it into their first load.
const UUID =
  /^([0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[1-8][0-9a-fA-F]{3}-[89abAB][0-9a-fA-F]{3}-[0-9a-fA-F]{12}|00000000-0000-0000-0000-000000000000|ffffffff-ffff-ffff-ffff-ffffffffffff)$/;

/** A UUID (`?batch=…`, a record's id), in lower case; anything else is absent. */
export const parseAsUuid = createParser({
  parse: (value: string) => (UUID.test(value) ? value.toLowerCase() : null),
  serialize: (value: string) => value,
});

/** A positive integer of digits only ("12", not "12abc", "-1", "1e3", "0"). */
export const parseAsPositiveInteger = createParser({
  parse(value: string) {
    if (!/^\d{1,16}$/.test(value)) return null;
    const number = Number(value);
    return number >= 1 && number <= MAX_ID ? number : null;
  },
  serialize: (value: number) => String(value),
});

/** A flag written as `1` (`?created=1`); any other value is absent (with `.withDefault(false)`, false, left out of links). */
export const parseAsFlag = createParser<boolean>({
  parse: (value: string) => (value === "1" ? true : null),
  serialize: (value: boolean) => (value ? "1" : "0"),
});

/** Free text, trimmed and cut to `max` characters; empty text is absent. */
export function parseAsText(max: number) {
  return createParser({
    parse(value: string) {
      const text = value.trim().slice(0, max);
      return text === "" ? null : text;
    },
    serialize: (value: string) => value,
  });
}
