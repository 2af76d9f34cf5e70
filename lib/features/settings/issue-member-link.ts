import "server-only";
import type { Db } from "@/lib/db/client";
import type { Translate } from "@/lib/i18n/translate";
import { createOneTimeLink, type LinkPurpose } from "@/lib/auth/one-time-links";
import { mailLink, type LinkMailOutcome } from "@/lib/auth/link-mail";
import { linkPath, linkUrl } from "@/lib/auth/link-url";
import { recordActionEvent } from "@/lib/auth/security-events";

export interface IssuedLink {
  purpose: LinkPurpose;
  /** /welcome/<token>: the owner's browser shows it with its own origin, once. */
  path: string;
  expiresAt: string;
  /** null: no SMTP set up; else whether the mail went, and why not. */
  mail: LinkMailOutcome;
}

/**
 * An owner's new link for a member: created (superseding the member's earlier unused ones), recorded as link_created
 * (the purpose, never the token), and mailed when SMTP is set up. A mail that fails loses nothing: the owner still
 * gets the link and the reason.
 */
export async function issueMemberLink(
  db: Db,
  input: { member: { id: number; email: string; name: string }; purpose: LinkPurpose; owner: { id: number; email: string } },
  t: Translate,
): Promise<IssuedLink> {
  const { member, purpose, owner } = input;
  const { token, expiresAt } = await createOneTimeLink(db, { userId: member.id, purpose, createdByUserId: owner.id });
  const mail = await mailLink({ to: member.email, name: member.name, purpose, url: linkUrl(token), expiresAt }, t);
  await recordActionEvent(db, "link_created", owner, {
    subject: { id: member.id, email: member.email },
    detail: { purpose, mailed: mail === null ? null : mail.sent },
  });
  return { purpose, path: linkPath(token), expiresAt: expiresAt.toISOString(), mail };
}
