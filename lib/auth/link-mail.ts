import nodemailer from "nodemailer";
import { config } from "@/lib/core/config.mjs";
import type { Translate } from "@/lib/i18n/translate";
import type { LinkPurpose } from "./one-time-links";

export type LinkMailOutcome = { sent: true } | { sent: false; reason: string } | null;

const MAIL_TIMEOUT_MS = 10_000;

/**
 * Mails the link to the member when SMTP_URL is set (null when it is not). A failure never throws: the link exists
 * and the owner sees it anyway; the answer says briefly why the mail did not go (never the SMTP address: it may
 * hold a password).
 */
export async function mailLink(
  input: { to: string; name: string; purpose: LinkPurpose; url: string; expiresAt: Date },
  t: Translate,
  smtp = config().dashboard.smtp,
): Promise<LinkMailOutcome> {
  if (!smtp) return null;
  const transport = nodemailer.createTransport(smtp.url, {
    connectionTimeout: MAIL_TIMEOUT_MS,
    greetingTimeout: MAIL_TIMEOUT_MS,
    socketTimeout: MAIL_TIMEOUT_MS,
  });
  const vars = { name: input.name || input.to, url: input.url, expires: input.expiresAt.toISOString().replace("T", " ").slice(0, 16) + " UTC" };
  try {
    await transport.sendMail({
      from: smtp.from,
      to: input.to,
      subject: t(`links.mail.subject.${input.purpose}`),
      text: t(`links.mail.body.${input.purpose}`, vars),
    });
    return { sent: true };
  } catch (error) {
    return { sent: false, reason: shortReason(error) };
  } finally {
    transport.close();
  }
}

function shortReason(error: unknown): string {
  if (!(error instanceof Error)) return String(error).slice(0, 120);
  const code = (error as { code?: unknown }).code;
  const text = error.message.replace(/\s+/g, " ").trim().slice(0, 120);
  return typeof code === "string" && !text.includes(code) ? `${code}: ${text}` : text;
}
