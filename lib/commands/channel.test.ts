import { afterAll, beforeAll, describe, expect, test } from "vitest";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { z } from "zod";
import { acquireDataDirLock, dataDirSocketName, type DataDirClaim } from "@/lib/db/data-dir-lock.mjs";
import { createTestDatabase } from "@/lib/db/testing/database";
import type { Database } from "@/lib/db/client";
import { parseUntrustedJson, sendCommand, serveCommands, TOKEN_FILE } from "./channel";
import { CommandError, dispatchCommand, registerCommand } from "./registry";

/** The owner's command channel over the real lock socket of a real directory, with real commands. */
const root = fs.mkdtempSync(path.join(os.tmpdir(), "command-channel-"));
let database: Database;
let claim: DataDirClaim;

registerCommand({
  name: "test.echo",
  payload: z.object({ text: z.string().max(10), times: z.number().int().min(1).max(3) }),
  async run(_context, { text, times }) {
    if (text === "refuse") throw new CommandError("refused", "Refused on purpose.", { why: "test" });
    if (text === "crash") throw new Error("secret internals");
    return { echoed: text.repeat(times) };
  },
});

beforeAll(async () => {
  database = await createTestDatabase();
  claim = await acquireDataDirLock(root);
});
afterAll(async () => {
  await claim?.release();
  await database?.close();
  fs.rmSync(root, { recursive: true, force: true });
});

describe("command channel", () => {
  test("channel: an owner that serves no commands closes the connection, and the request is never sent", async () => {
    fs.writeFileSync(path.join(root, TOKEN_FILE), "stale-token", { mode: 0o600 });
    expect(await sendCommand(claim.lock.dataDir, "test.echo", { text: "a", times: 1 })).toEqual({ kind: "not_serving" });
  });

  test("channel: commands run in the owner with its database; refusals keep their code, message and details; internals stay in the owner", async () => {
    serveCommands(claim.lock, async () => ({ db: database.db, database }));
    const token = path.join(root, TOKEN_FILE);
    expect(fs.statSync(token).mode & 0o777).toBe(0o600);
    expect(fs.readFileSync(token, "utf8")).not.toBe("stale-token");
    const send = (command: string, payload: unknown) => sendCommand(claim.lock.dataDir, command, payload);
    expect(await send("test.echo", { text: "ab", times: 2 })).toEqual({ kind: "answered", answer: { ok: true, result: { echoed: "abab" } } });
    const cases: [string, unknown, unknown][] = [
      ["test.echo", { text: "refuse", times: 1 }, { code: "refused", message: "Refused on purpose.", details: { why: "test" } }],
      ["test.echo", { text: "crash", times: 1 }, { code: "internal", message: "The server could not run test.echo; its log has the reason." }],
      [
        "test.echo",
        { text: "far too long text", times: 9 },
        {
          code: "invalid_payload",
          message:
            "The test.echo command's input is invalid (text: Too big: expected string to have <=10 characters, times: Too big: expected number to be <=3).",
          details: { errors: { text: ["Too big: expected string to have <=10 characters"], times: ["Too big: expected number to be <=3"] } },
        },
      ],
      ["no.such", {}, { code: "unknown_command", message: expect.stringMatching(/^There is no command "no\.such"; known: .*test\.echo/) }],
    ];
    for (const [command, payload, error] of cases) {
      expect(await send(command, payload)).toEqual({ kind: "answered", answer: { ok: false, error } });
    }
  });

  test("channel: a request without the owner's token is refused and runs nothing; a connection that sends garbage gets a typed refusal", async () => {
    const raw = async (...lines: string[]): Promise<string[]> => {
      const socket = net.connect({ path: dataDirSocketName(claim.lock.dataDir) });
      const chunks: Buffer[] = [];
      socket.on("data", (chunk) => chunks.push(chunk));
      socket.on("error", () => undefined);
      await new Promise((resolve) => socket.once("connect", resolve));
      socket.write(lines.map((line) => `${line}\n`).join(""));
      await new Promise((resolve) => socket.once("close", resolve));
      return Buffer.concat(chunks).toString("utf8").trim().split("\n");
    };
    const echo = JSON.stringify({ command: "test.echo", payload: { text: "a", times: 1 } });
    const unauthorized = '{"ok":false,"error":{"code":"unauthorized","message":"The token does not match this server\'s owner.token."}}';
    expect(await raw(JSON.stringify({ token: "guess" }), echo)).toEqual(['{"channel":"chatbot-platform-commands","version":2}', unauthorized]);
    expect((await raw("{not json"))[1]).toBe('{"ok":false,"error":{"code":"bad_request","message":"The request is not a command of this channel."}}');
    expect((await raw('{"__proto__":{"polluted":true},"token":1}'))[1]).toContain('"code":"bad_request"');
    // The right token with its request on the same write: both lines are read, the command runs.
    const token = fs.readFileSync(path.join(claim.lock.dataDir, TOKEN_FILE), "utf8").trim();
    expect((await raw(JSON.stringify({ token }), echo))[1]).toBe('{"ok":true,"result":{"echoed":"a"}}');
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  test("channel: a peer without the token is refused after the token's few kilobytes, whatever it goes on sending", async () => {
    const socket = net.connect({ path: dataDirSocketName(claim.lock.dataDir) });
    const chunks: Buffer[] = [];
    socket.on("data", (chunk) => chunks.push(chunk));
    socket.on("error", () => undefined);
    await new Promise((resolve) => socket.once("connect", resolve));
    // A first line that never ends: 1 MB without a newline, sent as the owner reads.
    const closed = new Promise((resolve) => socket.once("close", resolve));
    let sent = 0;
    const block = Buffer.alloc(16 * 1024, "a");
    while (sent < 1024 * 1024 && !socket.destroyed) {
      if (!socket.write(block)) await new Promise((resolve) => socket.once("drain", resolve).once("close", resolve));
      sent += block.length;
    }
    await closed;
    const lines = Buffer.concat(chunks).toString("utf8").trim().split("\n");
    expect(lines[1]).toBe('{"ok":false,"error":{"code":"unauthorized","message":"The token does not match this server\'s owner.token."}}');
    // Refused long before the megabyte: the owner stopped reading at the token line's cap and hung up.
    expect(sent).toBeLessThan(1024 * 1024);
  });

  test("channel: untrusted JSON becomes null-prototype objects, deep documents included", () => {
    const deep = `${"[".repeat(2000)}{"a":1}${"]".repeat(2000)}`;
    let value = parseUntrustedJson(deep) as unknown[];
    for (let i = 0; i < 2000; i++) value = value[0] as unknown[];
    expect(Object.getPrototypeOf(value)).toBeNull();
    const parsed = parseUntrustedJson('{"__proto__":{"x":1},"b":{"c":2}}') as Record<string, Record<string, number>>;
    expect(Object.getPrototypeOf(parsed)).toBeNull();
    expect(Object.keys(parsed)).toEqual(["__proto__", "b"]);
    expect(Object.getPrototypeOf(parsed.b)).toBeNull();
  });

  test("channel: dispatchCommand runs the same command directly (the scripts' path when no server runs)", async () => {
    expect(await dispatchCommand("test.echo", { text: "x", times: 3 }, { db: database.db, database })).toEqual({ echoed: "xxx" });
  });

  test("channel: once the owner is gone, a client learns that nobody holds the directory", async () => {
    const dir = path.join(root, "gone");
    const other = await acquireDataDirLock(dir);
    serveCommands(other.lock, async () => ({ db: database.db, database }));
    await other.release();
    expect(await sendCommand(fs.realpathSync(dir), "test.echo", { text: "a", times: 1 })).toEqual({ kind: "no_owner" });
  });
});
