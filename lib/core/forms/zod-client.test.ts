import { afterAll, describe, expect, test, vi } from "vitest";
import { z } from "zod";

// zod's configuration is state of the one zod instance of the process (as on the server): the server's case runs
// first, and the test puts the setting back when done.
afterAll(() => {
  vi.unstubAllGlobals();
  z.config({ jitless: undefined });
});

describe("zod-client", () => {
  test("on the server, loading it leaves zod's compiled checks on", async () => {
    vi.resetModules();
    await import("./zod-client");
    expect(z.config().jitless).not.toBe(true);
  });

  test("in the browser, loading it turns on zod's jitless mode, for every schema built with zod", async () => {
    vi.resetModules();
    vi.stubGlobal("window", globalThis);
    await import("./zod-client");
    expect(z.config().jitless).toBe(true);
  });
});
