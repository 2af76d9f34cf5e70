import { describe, expect, test } from "vitest";
import { attachmentHeaders } from "./attachment";

describe("attachmentHeaders", () => {
  test("an ASCII name as it is; any other name exactly in filename*, with an ASCII stand-in", () => {
    expect(attachmentHeaders("contacts-shop-2026-11-25.csv", "text/csv; charset=utf-8", { "content-length": "12" })).toEqual({
      "content-type": "text/csv; charset=utf-8",
      "content-disposition": `attachment; filename="contacts-shop-2026-11-25.csv"; filename*=UTF-8''contacts-shop-2026-11-25.csv`,
      "cache-control": "private, no-store",
      "x-content-type-options": "nosniff",
      "content-length": "12",
    });
    const quoted = attachmentHeaders('возврат "март".csv', "text/csv")["content-disposition"];
    expect(quoted).toBe(`attachment; filename="_.csv"; filename*=UTF-8''${encodeURIComponent('возврат "март".csv')}`);
  });
});
