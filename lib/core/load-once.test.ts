import { describe, expect, test } from "vitest";
import { loadOnce } from "./load-once";

describe("loadOnce", () => {
  test("a loaded value: the same promise on every call, and the load runs once", async () => {
    let runs = 0;
    const load = loadOnce(async () => ({ run: ++runs }));
    const first = load();
    expect(load()).toBe(first);
    expect(await first).toEqual({ run: 1 });
    expect(load()).toBe(first);
    expect(runs).toBe(1);
  });

  test("two calls during one load share it", async () => {
    let runs = 0;
    let finish: (value: string) => void = () => {};
    const load = loadOnce(() => (runs++, new Promise<string>((resolve) => (finish = resolve))));
    const [a, b] = [load(), load()];
    finish("done");
    expect(await Promise.all([a, b])).toEqual(["done", "done"]);
    expect(runs).toBe(1);
  });

  test("a rejected load is retried by the next call, and its success is then kept", async () => {
    let runs = 0;
    const load = loadOnce(async () => {
      if (++runs === 1) throw new Error("network");
      return runs;
    });
    await expect(load()).rejects.toThrow("network");
    await expect(load()).resolves.toBe(2);
    await expect(load()).resolves.toBe(2);
    expect(runs).toBe(2);
  });

  test("callers waiting on a load that fails all see the failure; a later call starts anew", async () => {
    let runs = 0;
    let fail: (error: Error) => void = () => {};
    const load = loadOnce(() => (runs++, new Promise<number>((_, reject) => (fail = reject))));
    const [a, b] = [load(), load()];
    fail(new Error("offline"));
    await expect(a).rejects.toThrow("offline");
    await expect(b).rejects.toThrow("offline");
    const retry = load();
    expect(runs).toBe(2);
    fail(new Error("still offline"));
    await expect(retry).rejects.toThrow("still offline");
  });
});
