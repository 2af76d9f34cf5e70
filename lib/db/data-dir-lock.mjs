// One owner per embedded data directory (DATA_DIR).
//
// Two PGlite engines writing one directory destroy it, and an engine never sees
// another process's writes. So the process that opens the directory first takes
// an exclusive lock, and every other opener (server, demo, seed, migrations,
// platform:load, user:create, a test) is refused before it touches a database file.
//
// Node has no flock(). The lock is a listening Unix socket in Linux's abstract
// namespace (a name starting with "\0", here derived from a hash of the
// directory's real path): bind() is exclusive (EADDRINUSE for everyone else) and
// the kernel frees the name the instant the process ends, SIGKILL included, so
// there is never a stale lock to clean by hand. The socket is close-on-exec, so
// child processes do not inherit it. Elsewhere (macOS) a socket file in the
// directory plays the same part: a file left by a dead owner refuses connections
// and is replaced.
//
// The socket also carries the owner's command channel (lib/commands/channel.ts):
// connections are handed to `lock.onConnection`, and closed at once while no
// handler is set.
//
// Plain JavaScript because scripts/start.mjs takes the lock before anything else
// (so that a refused `npm start` never listens), and the built app, the scripts
// and the tests import this same file. Both copies a built server loads share
// the process's locks through globalThis.
import { createHash } from "node:crypto";
import fs from "node:fs";
import net from "node:net";
import path from "node:path";

export const OWNER_RECORD = "owner.json";
/** The command channel's token (lib/commands/channel.ts), written by the owner with mode 600. */
export const TOKEN_FILE = "owner.token";

const LOCKS = Symbol.for("chatbot-platform.data-dir-locks");
/** @type {Map<string, import("./data-dir-lock.d.mts").DataDirLock>} */
const locks = (globalThis[LOCKS] ??= new Map());
/** @type {Map<string, Promise<void>>} a bind in progress, per directory */
const binding = (globalThis[Symbol.for("chatbot-platform.data-dir-locks-binding")] ??= new Map());

/** Thrown when another process (or this one, for a second database) holds the data directory. */
export class DataDirLockedError extends Error {
  /**
   * @param {string} dataDir
   * @param {import("./data-dir-lock.d.mts").OwnerRecord | null} owner
   */
  constructor(dataDir, owner) {
    super(refusalMessage(dataDir, owner));
    this.name = "DataDirLockedError";
    this.code = "DATA_DIR_LOCKED";
    this.dataDir = dataDir;
    this.owner = owner;
  }
}

/** The one refusal text (tests and the README quote it). */
function refusalMessage(dataDir, owner) {
  const who = owner
    ? `process ${owner.pid} (${owner.command}), running since ${owner.since}${owner.url ? `, serving ${owner.url}` : ""}`
    : "another process (it has not written its owner record yet)";
  const instead = owner?.url
    ? "With the server up, run `npm run user:create`, `npm run user:password`, `npm run platform:load`, `npm run backup` and `npm run db:check` as usual: they go through it. To run anything else, stop that server first, or use another DATA_DIR."
    : "Wait for it to finish or stop it, or use another DATA_DIR.";
  return `The data directory ${dataDir} is in use by ${who}. An embedded database has one owner at a time; nothing was written. ${instead}`;
}

/** The lock's socket for a directory's real path (also where its owner serves commands). */
export const dataDirSocketName = (realDir) =>
  process.platform === "linux"
    ? `\0chatbot-platform-data-${createHash("sha256").update(realDir).digest("hex").slice(0, 40)}`
    : path.join(realDir, ".owner.sock");

/**
 * Creates the data directory for its owner alone (0700: it holds the database and its keys). A directory that exists
 * already keeps its mode: DATA_DIR may name a shared directory whose mode is not ours to change.
 */
export function ensureDataDir(dataDir) {
  fs.mkdirSync(dataDir, { recursive: true, mode: 0o700 });
}

/** The directory's real path: symlinks and relative spellings of one directory share one lock. */
export function realDataDir(dataDir) {
  ensureDataDir(dataDir);
  return fs.realpathSync(dataDir);
}

/** Parses the owner record (written by its owner, but read as untrusted text): known fields only, or null. */
export function readOwnerRecord(realDir) {
  let value;
  try {
    value = JSON.parse(fs.readFileSync(path.join(realDir, OWNER_RECORD), "utf8"));
  } catch {
    return null;
  }
  if (!value || typeof value !== "object" || !Number.isSafeInteger(value.pid) || value.pid <= 0) return null;
  const text = (field) => (typeof value[field] === "string" ? value[field].slice(0, 2000) : undefined);
  const owner = Object.create(null);
  owner.pid = value.pid;
  owner.command = text("command") ?? "unknown command";
  owner.since = text("since") ?? "an unknown time";
  if (text("url")) owner.url = text("url");
  return owner;
}

const alive = (pid) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return error?.code === "EPERM";
  }
};

/**
 * The record of the process that holds the lock. The owner writes it right after
 * binding, so a record of a dead process (or none) means that write is still to
 * come: read again for a moment rather than name the wrong process.
 */
async function currentOwner(realDir) {
  for (let attempt = 0; attempt < 20; attempt++) {
    const owner = readOwnerRecord(realDir);
    if (owner && alive(owner.pid)) return owner;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return null;
}

function listen(name) {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once("error", reject);
    server.listen({ path: name, exclusive: true }, () => {
      server.off("error", reject);
      resolve(server);
    });
  });
}

/** Off Linux: a socket file left by a dead owner refuses connections and is removed; one that answers is in use. */
async function replaceStaleSocketFile(name) {
  const answered = await new Promise((resolve) => {
    const probe = net.connect(name);
    probe.once("connect", () => (probe.destroy(), resolve(true)));
    probe.once("error", () => resolve(false));
  });
  if (answered) return false;
  fs.rmSync(name, { force: true });
  return true;
}

function writeOwnerRecord(realDir, record) {
  const file = path.join(realDir, OWNER_RECORD);
  const temporary = `${file}.${process.pid}.tmp`;
  fs.writeFileSync(temporary, `${JSON.stringify(record, null, 2)}\n`, { mode: 0o644 });
  fs.renameSync(temporary, file);
}

/**
 * Takes the lock of a data directory for this process, or throws
 * DataDirLockedError before anything in the directory is touched (the directory
 * itself is created if missing).
 *
 * `forDatabase: true` is the database's own claim (lib/db/client.ts): a process
 * that already holds the lock (scripts/start.mjs takes it first) may open the
 * database once, never twice. Other claims only share the process's lock.
 * Each call's `release()` gives its claim back; the socket closes with the last.
 *
 * @param {string} dataDir
 * @param {{ url?: string, forDatabase?: boolean }} [options]
 */
export async function acquireDataDirLock(dataDir, options = {}) {
  const realDir = realDataDir(dataDir);
  // Two claims of one process at the same moment: the second waits for the first's socket rather than collide with it.
  while (binding.has(realDir)) await binding.get(realDir);
  let lock = locks.get(realDir);
  if (!lock) {
    const name = dataDirSocketName(realDir);
    let server;
    const bound = listen(name);
    binding.set(
      realDir,
      bound.then(
        () => undefined,
        () => undefined,
      ),
    );
    try {
      server = await bound;
    } catch (error) {
      binding.delete(realDir);
      if (error?.code !== "EADDRINUSE") throw error;
      if (process.platform !== "linux" && (await replaceStaleSocketFile(name))) return acquireDataDirLock(dataDir, options);
      throw new DataDirLockedError(realDir, await currentOwner(realDir));
    }
    // The lock must not keep a process alive that has nothing else to do.
    server.unref();
    const record = {
      pid: process.pid,
      command: [path.basename(process.argv[0]), ...process.argv.slice(1)].join(" "),
      since: new Date().toISOString(),
      url: options.url,
    };
    lock = {
      dataDir: realDir,
      socketName: name,
      owner: record,
      onConnection: null,
      claims: 0,
      databaseOpen: false,
      server,
    };
    server.on("connection", (socket) => {
      if (lock.onConnection) lock.onConnection(socket);
      else socket.destroy();
    });
    locks.set(realDir, lock);
    binding.delete(realDir);
    writeOwnerRecord(realDir, record);
  } else if (options.url && !lock.owner.url) {
    lock.owner.url = options.url;
    writeOwnerRecord(realDir, lock.owner);
  }
  if (options.forDatabase) {
    if (lock.databaseOpen)
      throw new DataDirLockedError(realDir, { ...lock.owner, command: `${lock.owner.command}; this process has the database open already` });
    lock.databaseOpen = true;
  }
  lock.claims++;
  const held = lock;
  let released = false;
  return {
    lock: held,
    /** Gives this claim back; with the last claim the socket closes (resolves once the name is free again). */
    async release() {
      if (released) return;
      released = true;
      if (options.forDatabase) held.databaseOpen = false;
      if (--held.claims > 0) return;
      locks.delete(held.dataDir);
      // Remove the record only while it is still ours: the next owner writes its own.
      if (readOwnerRecord(held.dataDir)?.pid === process.pid) fs.rmSync(path.join(held.dataDir, OWNER_RECORD), { force: true });
      // close() frees the name at once; its callback would also wait for command connections still open.
      held.server.close();
      if (process.platform !== "linux") fs.rmSync(held.socketName, { force: true });
      await new Promise((resolve) => setTimeout(resolve, 0));
    },
  };
}
