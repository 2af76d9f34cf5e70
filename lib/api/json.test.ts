import { describe, expect, test } from "vitest";
import fc from "fast-check";
import { parseJsonKeepingMoney, stringifyJson } from "./json";

describe("money-safe JSON", () => {
  test("integer money values keep every digit, as strings", () => {
    const text = '{"data":{"id":5,"amount":9007199254740993,"balance_after": -12,"count":9007199254740993}}';
    expect(parseJsonKeepingMoney(text)).toEqual({ data: { id: 5, amount: "9007199254740993", balance_after: "-12", count: 9007199254740992 } });
  });

  test("text inside strings is never touched, even when it looks like a money key", () => {
    const text = JSON.stringify({ description: 'said "amount": 5 once', note: "\\\"amount\\\":7", amount: 3 });
    expect(parseJsonKeepingMoney(text)).toEqual({ description: 'said "amount": 5 once', note: '\\"amount\\":7', amount: "3" });
  });

  test("non-integers and non-numbers of money keys stay as JSON gives them", () => {
    expect(parseJsonKeepingMoney('{"amount":1.5,"balance_after":null,"x":[{"amount":"7"}]}')).toEqual({ amount: 1.5, balance_after: null, x: [{ amount: "7" }] });
  });

  test("answers without a money key parse as plain JSON; a money key written with escapes is still found", () => {
    expect(parseJsonKeepingMoney('{"data":[{"id":1,"name":"amount"}],"n":9007199254740993}')).toEqual({ data: [{ id: 1, name: "amount" }], n: 9007199254740992 });
    expect(parseJsonKeepingMoney('{"\\u0061mount":9007199254740993}')).toEqual({ amount: "9007199254740993" });
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
          else if (v && typeof v === "object") for (const [k, inner] of Object.entries(v)) (k === "amount" || k === "balance_after") && typeof inner === "string" && /^-?\d+$/.test(inner) ? digits.push(inner) : collect(inner);
        };
        collect(parsed);
        const originals: string[] = [];
        const gather = (v: unknown) => {
          if (Array.isArray(v)) v.forEach(gather);
          else if (v && typeof v === "object") for (const [k, inner] of Object.entries(v)) (k === "amount" || k === "balance_after") && typeof inner === "bigint" ? originals.push(inner.toString()) : gather(inner);
        };
        gather(input);
        expect(digits).toEqual(originals);
      }),
      { numRuns: 300 },
    );
  });
});
