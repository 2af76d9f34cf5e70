// @ts-check
// The one place where the Next bundle and scripts/start.mjs (plain Node, outside the bundle) meet. Both import this
// module, but each gets its own copy of it (the bundle has its own module registry), so the state lives on globalThis
// under one registered symbol: every copy of this module, in every bundle, reads and writes the same object.
// It also keeps one instance of each process-wide resource across Next's separate bundles and dev reloads.

/**
 * The slots, each written by one module of the app and read by the server that runs it.
 * @typedef {object} ProcessBridge
 * @property {import("../platform/node-handler").NodeApiHandler} [platformApiHandler]
 *   The platform API on plain node:http. Set by instrumentation.ts once the app has started; scripts/start.mjs sends
 *   /api/v1 requests to it (when it answers true), bypassing Next's page machinery.
 * @property {import("../auth/concurrency-gate").ConcurrencyGate} [passwordCheckGate]
 *   The instance's one gate for password checks (lib/auth/password.ts creates it). scripts/start.mjs refuses a
 *   credentials sign-in with 429 while it is `full`, before Next spends anything on the request.
 * @property {import("../auth/sign-in-admission.mjs").SignInAdmission} [signInAdmission]
 *   How many credential sign-ins a second scripts/start.mjs lets through to Next (lib/auth/sign-in-admission.mjs);
 *   past that rate it answers them as when the gate is full.
 * @property {{ compare(password: string, hash: string): Promise<boolean> } | null} [passwordComparisonPool]
 *   The instance's pool of bcrypt workers for hashes made before argon2id (lib/auth/password-worker.ts); null when
 *   the workers cannot load bcryptjs.
 * @property {Promise<string>} [passwordDummyHash]
 *   The hash an unknown email's password is compared with (lib/auth/password.ts makes it, argon2id with the configured
 *   parameters). `npm run bench:signin` puts a bcrypt one here first (bench/legacy-password-hashes.mjs) to measure the
 *   sign-in storm as it was before argon2id.
 * @property {Map<string, import("./jobs/define").JobRunner>} [backgroundJobs]
 *   This process's background jobs by name, as lib/core/jobs/start.ts started them from the registry
 *   (lib/features/jobs.ts); scripts/start.mjs stops them on shutdown, so that each hands its work back.
 * @property {Promise<import("../db/client").Database>} [database]
 *   The process-wide database, opened and migrated once (lib/db/client.ts); scripts/start.mjs closes it on shutdown.
 * @property {() => import("../db/client").DatabaseConnections} [databaseConnections]
 *   The process-wide database's pool, once it is open (a server's only): what its metrics report (lib/db/client.ts).
 */

const KEY = Symbol.for("chatbot-platform.process-bridge");

/**
 * This process's bridge object (created empty on first use).
 * @returns {ProcessBridge}
 */
export function processBridge() {
  const store = /** @type {{ [KEY]?: ProcessBridge }} */ (globalThis);
  return (store[KEY] ??= {});
}
