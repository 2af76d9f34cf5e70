import { describe, expect, test } from "vitest";
import { readParams, normalizeInput } from "./request-params";
import { translator } from "./i18n";

const t = translator("en");
const url = "http://platform.test/api/v1/createListSchema";

describe("request parameters", () => {
  test("bracket notation in the query string becomes arrays of objects", async () => {
    const query = "name=Orders&fields[0][name]=SKU&fields[0][slug]=sku&fields[1][name]=Price&fields[1][type]=money";
    const params = await readParams(new Request(`${url}?${query}`), t);
    expect(params).toEqual({
      name: "Orders",
      fields: [
        { name: "SKU", slug: "sku" },
        { name: "Price", type: "money" },
      ],
    });
  });

  test("urlencoded and multipart bodies are read the same way; the body wins over the query", async () => {
    const body = "fields%5B0%5D%5Bname%5D=A&name=FromBody";
    const form = await readParams(
      new Request(`${url}?name=FromQuery&page=2`, { method: "POST", headers: { "content-type": "application/x-www-form-urlencoded" }, body }),
      t,
    );
    expect(form).toEqual({ name: "FromBody", page: "2", fields: [{ name: "A" }] });
    const data = new FormData();
    data.append("fields[0][name]", "A");
    data.append("name", "FromBody");
    const multipart = await readParams(new Request(url, { method: "POST", body: data }), t);
    expect(multipart).toEqual({ name: "FromBody", fields: [{ name: "A" }] });
  });

  test("JSON bodies keep their types", async () => {
    const params = await readParams(
      new Request(url, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ amount: 5, ok: true, tags: [] }) }),
      t,
    );
    expect(params).toEqual({ amount: 5, ok: true, tags: [] });
  });

  test("strings are trimmed and empty strings become null (TrimStrings, ConvertEmptyStringsToNull)", () => {
    expect(normalizeInput({ a: "  x ", b: "", c: ["", " y"], d: { e: "   " } })).toEqual({ a: "x", b: null, c: [null, "y"], d: { e: null } });
  });
});
