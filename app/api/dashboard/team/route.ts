import { z } from "zod";
import { authedRoute } from "@/lib/auth/authed-route";
import { listUsers } from "@/lib/auth/users";

export const dynamic = "force-dynamic";

/** The team, for owners only (the same permission as the team actions). */
export const GET = authedRoute("team.manage", z.object({}), async (_input, { db }) => ({
  data: (await listUsers(db)).map(({ id, email, name, role }) => ({ id, email, name, role })),
}));
