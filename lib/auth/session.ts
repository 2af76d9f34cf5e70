import "server-only";
import { cache } from "react";
import { redirect } from "next/navigation";
import { getServerSession } from "next-auth";
import { getDb } from "@/lib/db/client";
import { findUserById, type DashboardUser } from "@/lib/auth/users";
import { authOptions } from "./options";
import { isRole, type Role } from "./permissions";

export interface SessionUser extends Omit<DashboardUser, "role"> {
  role: Role;
}

/**
 * The signed-in user as the database has them now: the JWT only names the user;
 * the role (and whether they still exist, or had their password reset) is read
 * on every call, so a removed user or a changed role takes effect at once.
 */
export async function loadSessionUser(): Promise<SessionUser | null> {
  const session = (await getServerSession(authOptions)) as { uid?: unknown; sv?: unknown } | null;
  const uid = Number(session?.uid);
  if (!Number.isSafeInteger(uid) || uid <= 0) return null;
  const user = await findUserById(await getDb(), uid);
  if (!user || !isRole(user.role) || user.sessionVersion !== Number(session?.sv ?? 0)) return null;
  return user as SessionUser;
}

/** Once per render of a page (layout and page share it). */
export const getCurrentUser = cache(loadSessionUser);

export async function requireUser(): Promise<SessionUser> {
  const user = await getCurrentUser();
  if (!user) redirect("/login");
  return user;
}
