/**
 * JSON with exact integers: money is bigint end to end, and JSON.stringify cannot
 * write a bigint. Each bigint is written as its decimal digits, a JSON number.
 */
const MARK = "\u0000bigint:";

export function stringifyJson(value: unknown): string {
  const text = JSON.stringify(value, (_key, inner) => (typeof inner === "bigint" ? `${MARK}${inner.toString()}` : inner));
  return text.replace(/"\\u0000bigint:(-?\d+)"/g, "$1");
}

export function jsonResponse(status: number, body: unknown, headers: Record<string, string> = {}): Response {
  return new Response(stringifyJson(body), {
    status,
    headers: { "content-type": "application/json; charset=utf-8", ...headers },
  });
}
