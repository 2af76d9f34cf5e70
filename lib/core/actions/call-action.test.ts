import { describe, expect, it } from "vitest";
import { translator } from "@/lib/i18n/translate";
import type { ActionResult } from "./result";
import { callAction } from "./call-action";

const t = translator("en");

describe("callAction", () => {
  it("passes an action's own answer through, success or refusal", async () => {
    const ok = async (n: number): Promise<ActionResult<number>> => ({ ok: true, data: n * 2 });
    expect(await callAction(ok, 21, t)).toEqual({ ok: true, data: 42 });
    const refused = async (): Promise<ActionResult<number>> => ({ ok: false, error: { kind: "forbidden", message: "no", fieldErrors: {} } });
    expect(await callAction(refused, undefined, t)).toEqual({ ok: false, error: { kind: "forbidden", message: "no", fieldErrors: {} } });
  });

  it("turns a request that did not get through into a typed error that says to check before repeating", async () => {
    const offline = async (): Promise<ActionResult<number>> => {
      // What the browser's fetch throws when the network is gone.
      throw new TypeError("Failed to fetch");
    };
    const result = await callAction(offline, undefined, t);
    expect(result).toEqual({ ok: false, error: { kind: "unreachable", code: "unreachable", message: t("errors.unreachable"), fieldErrors: {} } });
    expect(translator("ru")("errors.unreachable")).not.toBe(t("errors.unreachable"));
  });

  it("lets Next's own signals (a redirect) go on to the router", async () => {
    const redirecting = async (): Promise<ActionResult<number>> => {
      throw Object.assign(new Error("NEXT_REDIRECT"), { digest: "NEXT_REDIRECT;replace;/login;307;" });
    };
    await expect(callAction(redirecting, undefined, t)).rejects.toThrow("NEXT_REDIRECT");
  });
});
