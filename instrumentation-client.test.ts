import { afterEach, describe, expect, test, vi } from "vitest";

// zod probes for `new Function` once per process, and keeps its setting on globalThis: each case loads zod afresh
// (the file runs in a process of its own), counts the calls of `Function` as a browser's CSP would report them, and
// puts the setting back.
function countFunctionCalls(): { calls: unknown[][] } {
  const calls: unknown[][] = [];
  const real = globalThis.Function;
  const counted: FunctionConstructor = new Proxy(real, {
    construct: (target, args, newTarget): object => (calls.push(args), Reflect.construct(target, args, newTarget === counted ? target : newTarget)),
    apply: (target, self, args) => (calls.push(args), Reflect.apply(target, self, args)),
  });
  vi.stubGlobal("Function", counted);
  return { calls };
}

async function buildAndCheckAForm() {
  const { z } = await import("zod");
  const schema = z.object({ name: z.string().min(1), amount: z.number().int() });
  return { ok: schema.safeParse({ name: "Top-up", amount: 5 }).success, refused: !schema.safeParse({ name: "", amount: 1.5 }).success };
}

afterEach(async () => {
  vi.unstubAllGlobals();
  (await import("zod")).z.config({ jitless: undefined });
});

describe("instrumentation-client", () => {
  test("loaded first (as Next loads it in the browser), a form's schema is built and checks without `new Function`", async () => {
    const { calls } = countFunctionCalls();
    vi.resetModules();
    await import("./instrumentation-client");
    expect(await buildAndCheckAForm()).toEqual({ ok: true, refused: true });
    expect(calls).toEqual([]);
  });

  test("without it, zod probes for `new Function` when the schema is built (what the CSP reported)", async () => {
    const { calls } = countFunctionCalls();
    vi.resetModules();
    expect(await buildAndCheckAForm()).toEqual({ ok: true, refused: true });
    expect(calls).toContainEqual([""]);
  });
});
