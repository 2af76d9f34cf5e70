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

  test("a multipart body streamed without a length is capped too (413), and a malformed one is a 400", async () => {
    const boundary = "----cap";
    const big = `--${boundary}\r\nContent-Disposition: form-data; name="name"\r\n\r\n${"x".repeat(1_100_000)}\r\n--${boundary}--\r\n`;
    const streamed = new ReadableStream({
      start(controller) {
        controller.enqueue(new TextEncoder().encode(big));
        controller.close();
      },
    });
    const tooLarge = readParams(
      new Request(url, {
        method: "POST",
        headers: { "content-type": `multipart/form-data; boundary=${boundary}` },
        body: streamed,
        duplex: "half",
      } as RequestInit),
      t,
    );
    await expect(tooLarge).rejects.toMatchObject({ status: 413, body: { message: "The request body is larger than 1048576 bytes." } });
    const malformed = readParams(
      new Request(url, { method: "POST", headers: { "content-type": `multipart/form-data; boundary=${boundary}` }, body: "not multipart at all" }),
      t,
    );
    await expect(malformed).rejects.toMatchObject({
      status: 400,
      body: { message: "The request body is not valid multipart/form-data.", error: "The request body is not valid multipart/form-data." },
    });
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
