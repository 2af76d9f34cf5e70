import { z } from "zod";
import { createUser, findUserWithHashByEmail, resetPassword } from "@/lib/auth/users";
import { DashboardError } from "@/lib/actions/errors";
import { ROLES } from "@/lib/auth/permissions";
import { applyFixtures } from "@/lib/platform/operator/fixtures";
import { PlatformError } from "@/lib/platform/errors";
import { CommandError, registerCommand } from "./registry";
import "./backup";

/**
 * The operator commands every owner process serves and every script can run
 * directly. Loaded by the server (instrumentation.ts) and by the scripts, once each;
 * a new command's file is imported here.
 */

export const UserCreatePayloadSchema = z.object({
  email: z.email(),
  role: z.enum(ROLES),
  name: z.string().max(255).optional(),
});

export const UserPasswordPayloadSchema = z.object({ email: z.email() });

export const PlatformLoadPayloadSchema = z.object({ document: z.unknown() });

/** What a user command answers: the user, and the generated password (shown once by the script, never logged). */
export interface UserWithPassword {
  user: { id: number; email: string; role: string };
  password: string;
}

registerCommand({
  name: "user.create",
  payload: UserCreatePayloadSchema,
  async run({ db }, input): Promise<UserWithPassword> {
    try {
      const { user, password } = await createUser(db, input);
      return { user: { id: user.id, email: user.email, role: user.role }, password };
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
  async run({ db }, { email }): Promise<UserWithPassword> {
    const user = await findUserWithHashByEmail(db, email);
    if (!user) throw new CommandError("user_not_found", `There is no user with the email ${email}.`);
    // resetPassword also ends the user's sessions (session version + 1).
    const password = await resetPassword(db, user.id);
    return { user: { id: user.id, email: user.email, role: user.role }, password };
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
