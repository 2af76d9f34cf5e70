import { z } from "zod";
import { eq } from "drizzle-orm";
import { createInvitedUser, createUser, findUserWithHashByEmail, resetPassword, type DashboardUser } from "@/lib/auth/users";
import { createOneTimeLink, OPERATOR_ORIGIN, type LinkPurpose } from "@/lib/auth/one-time-links";
import { linkUrl } from "@/lib/auth/link-url";
import { recordSecurityEvent } from "@/lib/auth/security-events";
import { unlockAccount } from "@/lib/auth/throttle";
import { sessions } from "@/lib/db/schema";
import type { Db } from "@/lib/db/client";
import { DashboardError } from "@/lib/core/actions/errors";
import { ROLES } from "@/lib/auth/permissions";
import { applyFixtures } from "@/lib/platform/operator/fixtures";
import { PlatformError } from "@/lib/platform/errors";
import { CommandError, registerCommand } from "./registry";
import "./backup";
import "./security-log";

/**
 * The operator commands every owner process serves and every script can run
 * directly. Loaded by the server (instrumentation.ts) and by the scripts, once each;
 * a new command's file is imported here.
 */

/** `password`: the operator's own choice (--password-env NAME), set at once instead of a one-time link. */
const OperatorPasswordSchema = z.string().min(1).max(1024).optional();

export const UserCreatePayloadSchema = z.object({
  email: z.email(),
  role: z.enum(ROLES),
  name: z.string().max(255).optional(),
  password: OperatorPasswordSchema,
});

export const UserPasswordPayloadSchema = z.object({ email: z.email(), password: OperatorPasswordSchema });

export const UserUnlockPayloadSchema = z.object({ email: z.email() });

export const PlatformLoadPayloadSchema = z.object({ document: z.unknown() });

/**
 * What a user command answers: the user and their one-time link (shown once by the script, never logged), or no link
 * when the operator gave the password.
 */
export interface UserWithLink {
  user: { id: number; email: string; role: string };
  link: { url: string; expiresAt: string } | null;
}

/** A link made by the operator: no actor in the security log. */
async function operatorLink(db: Db, user: DashboardUser, purpose: LinkPurpose): Promise<UserWithLink> {
  const { token, expiresAt } = await createOneTimeLink(db, { userId: user.id, purpose, createdByUserId: null });
  await recordSecurityEvent(db, { kind: "link_created", subject: { id: user.id, email: user.email }, origin: OPERATOR_ORIGIN, detail: { purpose } });
  return { user: { id: user.id, email: user.email, role: user.role }, link: { url: linkUrl(token), expiresAt: expiresAt.toISOString() } };
}

registerCommand({
  name: "user.create",
  payload: UserCreatePayloadSchema,
  async run({ db }, input): Promise<UserWithLink> {
    try {
      if (input.password !== undefined) {
        const { user } = await createUser(db, input);
        return { user: { id: user.id, email: user.email, role: user.role }, link: null };
      }
      return await operatorLink(db, await createInvitedUser(db, input), "invite");
    } catch (error) {
      if (error instanceof DashboardError && error.code === "team.email_taken") {
        throw new CommandError("email_taken", `A user with the email ${input.email} already exists.`);
      }
      throw error;
    }
  },
});

registerCommand({
  name: "user.password",
  payload: UserPasswordPayloadSchema,
  async run({ db }, { email, password }): Promise<UserWithLink> {
    const user = await findUserWithHashByEmail(db, email);
    if (!user) throw new CommandError("user_not_found", `There is no user with the email ${email}.`);
    if (password === undefined) return operatorLink(db, user, "reset");
    // resetPassword also ends the user's sessions (session version + 1).
    await resetPassword(db, user.id, password);
    return { user: { id: user.id, email: user.email, role: user.role }, link: null };
  },
});

/**
 * `user:unlock`: the member's sign-in from unknown devices and their sessions' checks start over (every lock and count
 * of the account, lib/auth/throttle.ts unlockAccount), recorded with no actor (the operator).
 */
registerCommand({
  name: "user.unlock",
  payload: UserUnlockPayloadSchema,
  async run({ db }, { email }): Promise<{ user: { id: number; email: string; role: string }; lifted: number }> {
    const user = await findUserWithHashByEmail(db, email);
    if (!user) throw new CommandError("user_not_found", `There is no user with the email ${email}.`);
    const held = await db.select({ id: sessions.id }).from(sessions).where(eq(sessions.userId, user.id));
    const lifted = await unlockAccount(
      db,
      user.email,
      held.map((session) => session.id),
    );
    await recordSecurityEvent(db, { kind: "sign_in_unlocked", subject: { id: user.id, email: user.email }, origin: OPERATOR_ORIGIN, detail: { lifted } });
    return { user: { id: user.id, email: user.email, role: user.role }, lifted };
  },
});

registerCommand({
  name: "platform.load",
  payload: PlatformLoadPayloadSchema,
  async run({ db }, { document }) {
    try {
      return { applied: await applyFixtures(db, document) };
    } catch (error) {
      // The body is the operator interface's 422 ({message, errors: {"dotted.path": […]}}), printed as is.
      if (error instanceof PlatformError) throw new CommandError("invalid_fixtures", error.message, error.body);
      throw error;
    }
  },
});
