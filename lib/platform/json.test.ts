import { expect, test } from "vitest";
import { RawJson, jsonResponse, orderedMap, responseBytes, stringifyJson } from "./json";

test("json: a bigint is written as a JSON number, exactly", () => {
  expect(stringifyJson({ amount: 12345678901234567890n, list: [1n, -2n] })).toBe('{"amount":12345678901234567890,"list":[1,-2]}');
});

test("json: an ordered map keeps insertion order, integer-like keys included", () => {
  const map = orderedMap<unknown>([
    ["b", 1],
    ["10", 2],
    ["a", 3],
    ["1", 4],
  ]);
  expect(stringifyJson({ fields: map })).toBe('{"fields":{"b":1,"10":2,"a":3,"1":4}}');
  // A plain object would move "1" and "10" first: the reason the type exists.
  expect(JSON.stringify({ b: 1, 10: 2, a: 3, 1: 4 })).toBe('{"1":4,"10":2,"b":1,"a":3}');
});

test("json: ordered maps nest, hold bigints, and sit inside arrays", () => {
  const inner = orderedMap([
    ["2", 5n],
    ["x", null],
  ]);
  const value = {
    data: [
      {
        id: "a",
        fields: orderedMap<unknown>([
          ["z", inner],
          ["0", "text"],
        ]),
      },
    ],
  };
  expect(stringifyJson(value)).toBe('{"data":[{"id":"a","fields":{"z":{"2":5,"x":null},"0":"text"}}]}');
});

test("json: an empty ordered map is an empty object; plain JSON.stringify still writes every entry", () => {
  expect(stringifyJson({ fields: orderedMap([]) })).toBe('{"fields":{}}');
  expect(
    JSON.stringify(
      orderedMap([
        ["b", 1],
        ["1", 2],
      ]),
    ),
  ).toBe('{"1":2,"b":1}');
});

test("json: strings that look like marks are left alone", () => {
  const value = { text: "\u0000key:abc", other: '"\\u0000' };
  expect(JSON.parse(stringifyJson(value))).toEqual(value);
});

test("json: jsonResponse writes the ordered body with a JSON content type", async () => {
  const response = jsonResponse(200, {
    data: orderedMap([
      ["9", 1],
      ["a", 2],
    ]),
  });
  expect(response.headers.get("content-type")).toBe("application/json; charset=utf-8");
  expect(await response.text()).toBe('{"data":{"9":1,"a":2}}');
});

test("json: request text that imitates the bigint mark stays a string", async () => {
  const { stringifyJson } = await import("./json");
  expect(JSON.parse(stringifyJson({ a: "\u0000bigint:5", b: BigInt(7) }))).toEqual({ a: "\u0000bigint:5", b: 7 });
});

test("json: a RawJson is written as its text, verbatim, wherever it is, after the other passes", () => {
  // The text is not re-read: what looks like a mark or a bigint inside it stays as it is.
  const text = '[{"a" : 1.50,"b":"\\u0000key:x"},\n"\u2028"]';
  const value = {
    data: new RawJson(text),
    meta: { total: 12345678901234567890n, fields: orderedMap([["b", new RawJson("null")]]) },
    list: [new RawJson("{}")],
  };
  expect(stringifyJson(value)).toBe(`{"data":${text},"meta":{"total":12345678901234567890,"fields":{"b":null}},"list":[{}]}`);
  expect(stringifyJson(new RawJson("[]"))).toBe("[]");
});

test("json: jsonResponse writes raw texts piece by piece, byte for byte what stringifyJson writes", async () => {
  // Characters of two, three and four bytes in UTF-8, next to the cuts, and several raw texts in one body.
  const text = '[{"name":"Жанна ✓ 😀"},"\u2028"]';
  const value = { data: new RawJson(text), meta: { total: 2n ** 60n, name: "Ёлка" }, list: [new RawJson("{}"), new RawJson('"ы"')] };
  const response = jsonResponse(200, value, { "x-request-id": "r" });
  expect(response.headers.get("content-type")).toBe("application/json; charset=utf-8");
  expect(response.headers.get("x-request-id")).toBe("r");
  const bytes = Buffer.from(await response.arrayBuffer());
  expect(bytes.equals(Buffer.from(stringifyJson(value), "utf8"))).toBe(true);
  expect(JSON.parse(bytes.toString("utf8"))).toEqual({ data: [{ name: "Жанна ✓ 😀" }, "\u2028"], meta: { total: 2 ** 60, name: "Ёлка" }, list: [{}, "ы"] });
});

test("json: a body with raw texts states its length in bytes, and responseBytes hands over the same bytes read or unread", async () => {
  const body = { data: RawJson.array(['{"name":"Жанна 😀"}', '{"name":"Ada"}']), meta: { total: 2 } };
  const expected = Buffer.from(stringifyJson(body), "utf8");
  // Unread: the response's own buffer, its stream left as it was.
  const unread = jsonResponse(200, body);
  expect(unread.headers.get("content-length")).toBe(String(expected.byteLength));
  const handed = await responseBytes(unread);
  expect(handed.equals(expected)).toBe(true);
  expect(unread.bodyUsed).toBe(false);
  // The stream, read by a server that pipes it (Next's route), gives the same bytes; after that responseBytes cannot
  // take the buffer again, and reading a used body fails as it does for any response.
  const streamed = jsonResponse(200, body);
  expect(Buffer.from(await streamed.arrayBuffer()).equals(expected)).toBe(true);
  await expect(responseBytes(streamed)).rejects.toThrow();
  // A plain body (no raw text) is read: one string, its length left to the server.
  const plain = jsonResponse(404, { message: "Не найдено" });
  expect(plain.headers.get("content-length")).toBeNull();
  expect((await responseBytes(plain)).toString("utf8")).toBe('{"message":"Не найдено"}');
});

test("json: RawJson.array writes its items as one JSON array, in pieces, empty or not", async () => {
  expect(RawJson.array([]).text).toBe("[]");
  expect(RawJson.array(['{"a":1}']).text).toBe('[{"a":1}]');
  const items = ['{"id":1,"name":"Ада"}', "null", '"😀"'];
  expect(RawJson.array(items).text).toBe(`[${items.join(",")}]`);
  const body = { data: RawJson.array(items), meta: { total: 3 } };
  const bytes = Buffer.from(await jsonResponse(200, body).arrayBuffer());
  expect(bytes.toString("utf8")).toBe(`{"data":[${items.join(",")}],"meta":{"total":3}}`);
  expect(stringifyJson(body)).toBe(bytes.toString("utf8"));
});

test("json: request text that imitates the raw mark stays a string", () => {
  const value = { data: new RawJson("[1]"), note: "\u0000raw:0" };
  expect(JSON.parse(stringifyJson(value))).toEqual({ data: [1], note: "\u0000raw:0" });
});
