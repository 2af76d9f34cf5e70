import { createHash, randomBytes, timingSafeEqual } from "node:crypto";
import fs from "node:fs";
import net from "node:net";
import path from "node:path";
import { z } from "zod";
import { dataDirSocketName, TOKEN_FILE, type DataDirLock } from "@/lib/db/data-dir-lock.mjs";
import { log } from "@/lib/core/log.mjs";
import { CommandError, dispatchCommand, type CommandContext } from "./registry";

/**
 * The command channel of the process that owns an embedded data directory: the
 * directory lock's own socket (lib/db/data-dir-lock.mjs), so there is no second
 * address to find or to clean up, and a dead owner answers nothing.
 *
 * Anyone on the machine can connect to an abstract socket, so every request
 * carries a token that the owner writes to DATA_DIR/owner.token (mode 600: only
 * the user that runs the server — and root — can read it) and compares in
 * constant time. The token is never logged.
 *
 * Protocol, JSON lines after a greeting:
 *   owner:  {"channel":"chatbot-platform-commands","version":2}
 *   client: {"token":"…"}                                  (at most TOKEN_LINE_BYTES)
 *   client: {"command":"user.create","payload":{…}}       (at most MAX_REQUEST_BYTES)
 *   owner:  {"ok":true,"result":…} | {"ok":false,"error":{"code","message","details"?}}
 * The token comes on a line of its own, read with a small cap and checked before anything else is read: a peer without
 * it makes the owner hold a few kilobytes, never the request's 64 MB. The greeting tells "this owner serves commands"
 * apart from "this owner (a script, or a server still starting) closed the connection": only after it is the request
 * sent, so a connection cut later means the command may have run.
 */

export { TOKEN_FILE };
const GREETING = { channel: "chatbot-platform-commands", version: 2 } as const;
/** The token's line: a token of 43 characters in its JSON, with room to spare; nothing longer is read before the check. */
const TOKEN_LINE_BYTES = 4096;
/** Fixture documents can be large (thousands of contacts): as the HTTP operator route's cap. */
const MAX_REQUEST_BYTES = 64 * 1024 * 1024;
/** A client that connects and says nothing is dropped. */
const IDLE_MS = 30_000;

const TokenSchema = z.object({ token: z.string().min(1).max(200) });
const RequestSchema = z.object({ command: z.string().min(1).max(100), payload: z.unknown() });

const AnswerSchema = z.union([
  z.object({ ok: z.literal(true), result: z.unknown() }),
  z.object({ ok: z.literal(false), error: z.object({ code: z.string(), message: z.string(), details: z.unknown().optional() }) }),
]);
export type CommandAnswer = z.infer<typeof AnswerSchema>;

/** Untrusted JSON into null-prototype objects: JSON.parse calls the reviver once per value, bottom-up, so nothing here recurses. */
export function parseUntrustedJson(text: string): unknown {
  return JSON.parse(text, (_key, value: unknown) =>
    value !== null && typeof value === "object" && !Array.isArray(value) ? Object.assign(Object.create(null), value) : value,
  );
}

const stringify = (value: unknown): string => JSON.stringify(value, (_key, inner: unknown) => (typeof inner === "bigint" ? inner.toString() : inner));

const digest = (value: string) => createHash("sha256").update(value, "utf8").digest();

/** What a socket sent past the line last read (two lines may arrive in one chunk). */
const leftovers = new WeakMap<net.Socket, Buffer>();

/**
 * Reads up to the next newline; null when the peer closes first, "too_large" past the cap. The socket is paused between
 * reads, so that nothing it sends meanwhile is lost, and what came after the newline is kept for the next read.
 */
function readLine(socket: net.Socket, maxBytes: number): Promise<string | null | "too_large"> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let done = false;
    const finish = (value: string | null | "too_large") => {
      done = true;
      socket.off("data", onData);
      socket.off("close", onClose);
      socket.pause();
      resolve(value);
    };
    const onData = (chunk: Buffer): void => {
      const newline = chunk.indexOf(10);
      const taken = newline >= 0 ? chunk.subarray(0, newline) : chunk;
      size += taken.length;
      if (size > maxBytes) return finish("too_large");
      chunks.push(taken);
      if (newline < 0) return;
      if (newline + 1 < chunk.length) leftovers.set(socket, chunk.subarray(newline + 1));
      finish(Buffer.concat(chunks).toString("utf8"));
    };
    const onClose = () => finish(null);
    const leftover = leftovers.get(socket);
    leftovers.delete(socket);
    socket.on("data", onData);
    socket.on("close", onClose);
    if (leftover) onData(leftover);
    if (!done) socket.resume();
  });
}

function writeToken(dataDir: string, token: string): void {
  const file = path.join(dataDir, TOKEN_FILE);
  const temporary = `${file}.${process.pid}.tmp`;
  fs.rmSync(temporary, { force: true });
  fs.writeFileSync(temporary, token, { mode: 0o600 });
  fs.renameSync(temporary, file);
}

/**
 * Serves the registered commands on the lock's socket, with the database this
 * process owns. A fresh token per owner: one of an earlier owner opens nothing.
 */
export function serveCommands(lock: DataDirLock, context: () => Promise<CommandContext>): void {
  const token = randomBytes(32).toString("base64url");
  // The token is on disk before the first connection is taken.
  writeToken(lock.dataDir, token);
  const expected = digest(token);

  lock.onConnection = (socket) => {
    socket.on("error", () => undefined);
    socket.setTimeout(IDLE_MS, () => socket.destroy());
    const answer = (body: CommandAnswer) => {
      // Then closed for good: a peer that goes on sending after a refusal is not read, nor waited for.
      if (!socket.destroyed) socket.end(`${stringify(body)}\n`, () => socket.destroy());
    };
    const refuse = (code: string, message: string) => answer({ ok: false, error: { code, message } });
    socket.write(`${JSON.stringify(GREETING)}\n`);
    void (async () => {
      const tokenLine = await readLine(socket, TOKEN_LINE_BYTES);
      if (tokenLine === null) return;
      const unauthorized = () => refuse("unauthorized", "The token does not match this server's owner.token.");
      if (tokenLine === "too_large") return unauthorized();
      let given: string;
      try {
        given = TokenSchema.parse(parseUntrustedJson(tokenLine)).token;
      } catch {
        return refuse("bad_request", "The request is not a command of this channel.");
      }
      if (!timingSafeEqual(digest(given), expected)) return unauthorized();
      const line = await readLine(socket, MAX_REQUEST_BYTES);
      if (line === null) return;
      if (line === "too_large") return refuse("request_too_large", `A request may have at most ${MAX_REQUEST_BYTES} bytes.`);
      let request: z.infer<typeof RequestSchema>;
      try {
        request = RequestSchema.parse(parseUntrustedJson(line));
      } catch {
        return refuse("bad_request", "The request is not a command of this channel.");
      }
      // A command may take long (a large fixture document): no idle limit while it runs.
      socket.setTimeout(0);
      const started = Date.now();
      try {
        const result = await dispatchCommand(request.command, request.payload, await context());
        log.info("command", { command: request.command, ok: true, duration_ms: Date.now() - started });
        answer({ ok: true, result });
      } catch (error) {
        if (error instanceof CommandError) {
          log.info("command", { command: request.command, ok: false, code: error.code, duration_ms: Date.now() - started });
          answer({ ok: false, error: { code: error.code, message: error.message, ...(error.details === undefined ? {} : { details: error.details }) } });
        } else {
          log.error("command failed", { command: request.command, error });
          refuse("internal", `The server could not run ${request.command}; its log has the reason.`);
        }
      }
    })();
  };
}

/** What became of a request sent to a directory's owner. */
export type ChannelOutcome =
  | { kind: "answered"; answer: CommandAnswer }
  /** The owner takes no commands (yet): the request was not sent. */
  | { kind: "not_serving" }
  /** Nobody holds the directory any more: the request was not sent. */
  | { kind: "no_owner" }
  /** The connection ended after the request was sent, without an answer: the command may or may not have run. */
  | { kind: "cut" };

/** Sends one command to the owner of a data directory (its real path). */
export async function sendCommand(realDir: string, command: string, payload: unknown): Promise<ChannelOutcome> {
  let token: string;
  try {
    token = fs.readFileSync(path.join(realDir, TOKEN_FILE), "utf8").trim();
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === "ENOENT") return { kind: "not_serving" };
    if (code === "EACCES") {
      throw new CommandError(
        "token_unreadable",
        `Cannot read ${path.join(realDir, TOKEN_FILE)} (permission denied): run this as the user that started the server.`,
      );
    }
    throw error;
  }
  const socket = net.connect({ path: dataDirSocketName(realDir) });
  const connected = await new Promise<NodeJS.ErrnoException | null>((resolve) => {
    socket.once("connect", () => resolve(null));
    socket.once("error", (error) => resolve(error));
  });
  if (connected) return connected.code === "ECONNREFUSED" || connected.code === "ENOENT" ? { kind: "no_owner" } : Promise.reject(connected);
  socket.on("error", () => undefined);
  try {
    const greeting = await readLine(socket, 4096);
    if (typeof greeting !== "string" || greeting !== JSON.stringify(GREETING)) return { kind: "not_serving" };
    socket.write(`${JSON.stringify({ token })}\n${JSON.stringify({ command, payload })}\n`);
    const line = await readLine(socket, MAX_REQUEST_BYTES);
    if (typeof line !== "string") return { kind: "cut" };
    const answer = AnswerSchema.safeParse(parseUntrustedJson(line));
    if (!answer.success) throw new CommandError("bad_answer", "The server's answer is not one of this channel.");
    return { kind: "answered", answer: answer.data };
  } finally {
    socket.destroy();
  }
}
