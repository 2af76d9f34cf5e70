// Runs in the browser before any of the app's modules (Next's convention for this file). zod builds an object schema's
// compiled fast path with `new Function`, and probes for it when the schema is built: the Content-Security-Policy has
// no 'unsafe-eval', so the probe would be reported as a violation on every page whose modules build a schema at import
// (a form's module). Turned off here, before the first schema is built; the server keeps the fast path.
//
// zod keeps its configuration (what `z.config()` sets) on globalThis, to share it between copies of itself, and starts
// from what it finds there: setting it here, rather than calling `z.config`, keeps zod out of every page's first load
// (instrumentation-client.test.ts fails if a zod release stops reading it).
const zodGlobal = globalThis as { __zod_globalConfig?: { jitless?: boolean } };
(zodGlobal.__zod_globalConfig ??= {}).jitless = true;
export {};
