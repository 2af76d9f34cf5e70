import { describe, expect, test } from "vitest";
import fc from "fast-check";
import { KEY_ORDER_MARK, parseJsonKeepingMoney, stringifyJson } from "./json";

describe("money-safe JSON", () => {
  test("integer money values keep every digit, as strings", () => {
    const text = '{"data":{"id":5,"amount":9007199254740993,"balance_after": -12,"count":9007199254740993}}';
    expect(parseJsonKeepingMoney(text)).toEqual({ data: { id: 5, amount: "9007199254740993", balance_after: "-12", count: 9007199254740992 } });
  });

  test("text inside strings is never touched, even when it looks like a money key", () => {
    const text = JSON.stringify({ description: 'said "amount": 5 once', note: '\\"amount\\":7', amount: 3 });
    expect(parseJsonKeepingMoney(text)).toEqual({ description: 'said "amount": 5 once', note: '\\"amount\\":7', amount: "3" });
  });

  test("non-integers and non-numbers of money keys stay as JSON gives them", () => {
    expect(parseJsonKeepingMoney('{"amount":1.5,"balance_after":null,"x":[{"amount":"7"}]}')).toEqual({
      amount: 1.5,
      balance_after: null,
      x: [{ amount: "7" }],
    });
  });

  test("answers without a money key parse as plain JSON; a money key written with escapes is still found", () => {
    expect(parseJsonKeepingMoney('{"data":[{"id":1,"name":"amount"}],"n":9007199254740993}')).toEqual({
      data: [{ id: 1, name: "amount" }],
      n: 9007199254740992,
    });
    expect(parseJsonKeepingMoney('{"\\u0061mount":9007199254740993}')).toEqual({ amount: "9007199254740993" });
  });

  test("members of an ordered key keep their order: each key comes back marked, only one level deep", () => {
    const text =
      '{"data":{"fields" : { "2024":{"name":"Year","amount":5}, "title" :{"name":"a \\"b\\" {"}, "10":[1,{"x":"}"}], "fields":{"1":2} ,"1":null}},"10":1}';
    const parsed = parseJsonKeepingMoney(text, { orderedKeys: new Set(["fields"]) }) as { data: { fields: Record<string, unknown> }; 10: number };
    const m = KEY_ORDER_MARK;
    expect(Object.keys(parsed.data.fields)).toEqual([`${m}2024`, `${m}title`, `${m}10`, `${m}fields`, `${m}1`]);
    expect(parsed.data.fields).toEqual({
      [`${m}2024`]: { name: "Year", amount: "5" },
      [`${m}title`]: { name: 'a "b" {' },
      [`${m}10`]: [1, { x: "}" }],
      // A member named "fields" is data: its own members are not marked.
      [`${m}fields`]: { 1: 2 },
      [`${m}1`]: null,
    });
    expect(parsed[10]).toBe(1);
  });

  test("property: an ordered object's keys come back in the text's order, whatever they are", () => {
    const key = fc.oneof(fc.string(), fc.nat().map(String), fc.constantFrom("fields", "amount", "balance_after"));
    const value = fc.jsonValue({ maxDepth: 2 });
    fc.assert(
      fc.property(fc.uniqueArray(fc.tuple(key, value), { selector: ([k]) => k, maxLength: 8 }), fc.boolean(), (entries, nested) => {
        const members = entries.map(([k, v]) => `${JSON.stringify(k)}:${JSON.stringify(v)}`).join(" , ");
        const text = nested ? `{"data":[{"id":1,"fields":{${members}}}]}` : `{"fields": {${members}} }`;
        const parsed = parseJsonKeepingMoney(text, { orderedKeys: new Set(["fields"]) }) as { fields?: object; data?: { fields: object }[] };
        const fields = (nested ? parsed.data?.[0].fields : parsed.fields) as object;
        expect(Object.keys(fields).map((k) => k.slice(KEY_ORDER_MARK.length))).toEqual(entries.map(([k]) => k));
        expect(Object.keys(fields).every((k) => k.startsWith(KEY_ORDER_MARK))).toBe(true);
      }),
      { numRuns: 300 },
    );
  });

  test("an ordered key whose value is not an object, or an empty one, is read as JSON gives it", () => {
    const options = { orderedKeys: new Set(["fields"]) };
    expect(parseJsonKeepingMoney('{"fields":[],"a":{"fields":{}},"b":{"fields":"x"}}', options)).toEqual({ fields: [], a: { fields: {} }, b: { fields: "x" } });
  });

  test("bigints are written as JSON numbers with every digit", () => {
    expect(stringifyJson({ amount: BigInt("123456789012345678901"), n: 1 })).toBe('{"amount":123456789012345678901,"n":1}');
  });

  test("property: any JSON round-trips, with integer money values as their digits", () => {
    const money = fc.bigInt({ min: BigInt(-1) * BigInt(2) ** BigInt(70), max: BigInt(2) ** BigInt(70) });
    const value = fc.letrec((tie) => ({
      node: fc.oneof(
        { depthSize: "small" },
        fc.string(),
        fc.integer(),
        fc.boolean(),
        fc.constant(null),
        fc.array(tie("node"), { maxLength: 4 }),
        fc.dictionary(fc.string(), tie("node"), { maxKeys: 4 }),
        fc.record({ amount: money, balance_after: money, description: fc.string() }),
      ),
    })).node;
    fc.assert(
      fc.property(value, (input) => {
        const parsed = parseJsonKeepingMoney(stringifyJson(input));
        const expected = JSON.parse(stringifyJson(input), function (key, inner) {
          return typeof inner === "number" && (key === "amount" || key === "balance_after") ? undefined : inner;
        });
        const normalise = (v: unknown): unknown =>
          JSON.parse(JSON.stringify(v, (key, inner) => (key === "amount" || key === "balance_after" ? undefined : inner)));
        expect(normalise(parsed)).toEqual(normalise(expected));
        const digits: string[] = [];
        const collect = (v: unknown) => {
          if (Array.isArray(v)) v.forEach(collect);
          else if (v && typeof v === "object")
            for (const [k, inner] of Object.entries(v)) {
              if ((k === "amount" || k === "balance_after") && typeof inner === "string" && /^-?\d+$/.test(inner)) digits.push(inner);
              else collect(inner);
            }
        };
        collect(parsed);
        const originals: string[] = [];
        const gather = (v: unknown) => {
          if (Array.isArray(v)) v.forEach(gather);
          else if (v && typeof v === "object")
            for (const [k, inner] of Object.entries(v)) {
              if ((k === "amount" || k === "balance_after") && typeof inner === "bigint") originals.push(inner.toString());
              else gather(inner);
            }
        };
        gather(input);
        expect(digits).toEqual(originals);
      }),
      { numRuns: 300 },
    );
  });
});
