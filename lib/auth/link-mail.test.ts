import { afterEach, describe, expect, test } from "vitest";
import net from "node:net";
import { translator } from "@/lib/i18n/translate";
import { freePort } from "@/lib/testing/free-port";
import { mailLink } from "./link-mail";

/**
 * A tiny SMTP server (RFC 5321's happy path, no TLS, no auth) that accepts messages and keeps what it was sent.
 * `refuseRecipient` answers RCPT TO with 550, as a server does for an unknown mailbox.
 */
async function smtpListener(options: { refuseRecipient?: boolean } = {}) {
  const messages: { from: string; to: string[]; data: string }[] = [];
  const server = net.createServer((socket) => {
    let buffer = "";
    let inData = false;
    let current = { from: "", to: [] as string[], data: "" };
    const reply = (line: string) => socket.write(`${line}\r\n`);
    reply("220 test.local ESMTP ready");
    socket.setEncoding("utf8").on("data", (chunk: string) => {
      buffer += chunk;
      for (;;) {
        if (inData) {
          const end = buffer.indexOf("\r\n.\r\n");
          if (end < 0) return;
          current.data = buffer.slice(0, end);
          buffer = buffer.slice(end + 5);
          inData = false;
          messages.push(current);
          current = { from: "", to: [], data: "" };
          reply("250 2.0.0 queued");
          continue;
        }
        const newline = buffer.indexOf("\r\n");
        if (newline < 0) return;
        const line = buffer.slice(0, newline);
        buffer = buffer.slice(newline + 2);
        const verb = line.slice(0, 4).toUpperCase();
        if (verb === "EHLO" || verb === "HELO") reply("250 test.local");
        else if (verb === "MAIL") {
          current.from = line.slice(10);
          reply("250 2.1.0 ok");
        } else if (verb === "RCPT") {
          if (options.refuseRecipient) reply("550 5.1.1 no such mailbox");
          else {
            current.to.push(line.slice(8));
            reply("250 2.1.5 ok");
          }
        } else if (verb === "DATA") {
          inData = true;
          reply("354 end with <CRLF>.<CRLF>");
        } else if (verb === "QUIT") {
          reply("221 2.0.0 bye");
          socket.end();
        } else if (verb === "RSET" || verb === "NOOP") reply("250 ok");
        else reply("502 5.5.2 not implemented");
      }
    });
    socket.on("error", () => undefined);
  });
  const port = await freePort();
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  listeners.push(server);
  return { url: `smtp://127.0.0.1:${port}`, messages };
}

const listeners: net.Server[] = [];
afterEach(async () => {
  await Promise.all(listeners.splice(0).map((server) => new Promise((resolve) => server.close(resolve))));
});

const link = {
  to: "new.member@example.com",
  name: "New Member",
  purpose: "invite" as const,
  url: "https://dash.example.com/welcome/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA",
  expiresAt: new Date("2026-11-27T12:00:00Z"),
};
const unfold = (data: string) => data.replace(/=\r\n/g, "");

describe("mailing a one-time link", () => {
  test("without SMTP_URL nothing is sent and the answer says so (null)", async () => {
    expect(await mailLink(link, translator("en"), null)).toBeNull();
  });

  test("with SMTP set up, the link goes to the member, from SMTP_FROM, in the owner's language", async () => {
    const smtp = await smtpListener();
    expect(await mailLink(link, translator("en"), { url: smtp.url, from: "Dashboard <dashboard@example.com>" })).toEqual({ sent: true });
    expect(smtp.messages).toHaveLength(1);
    const [message] = smtp.messages;
    expect(message.from).toBe("<dashboard@example.com>");
    expect(message.to).toEqual(["<new.member@example.com>"]);
    const data = unfold(message.data);
    expect(data).toContain("Subject: Your invitation to the dashboard");
    expect(data).toContain("To: new.member@example.com");
    expect(data).toContain(link.url);
    expect(data).toContain("Hello New Member,");
    expect(data).toContain("until 2026-11-27 12:00 UTC");
  });

  test("a mail server that refuses the recipient: not sent, with its short reason; nothing thrown", async () => {
    const smtp = await smtpListener({ refuseRecipient: true });
    const outcome = await mailLink(link, translator("ru"), { url: smtp.url, from: "dashboard@example.com" });
    expect(outcome).toMatchObject({ sent: false });
    expect(outcome && !outcome.sent ? outcome.reason : "").toMatch(/550 5\.1\.1 no such mailbox/);
    expect(smtp.messages).toEqual([]);
  });

  test("a mail server that does not answer at all: not sent, the connection's error as the reason (never the address's password)", async () => {
    const port = await freePort();
    const outcome = await mailLink(link, translator("en"), { url: `smtp://user:secret-pass@127.0.0.1:${port}`, from: "dashboard@example.com" });
    expect(outcome).toMatchObject({ sent: false });
    const reason = outcome && !outcome.sent ? outcome.reason : "";
    expect(reason).toMatch(/ECONNREFUSED/);
    expect(reason).not.toContain("secret-pass");
  });
});
