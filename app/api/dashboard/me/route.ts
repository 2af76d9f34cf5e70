import { z } from "zod";
import { authedRoute } from "@/lib/auth/authed-route";
import { permissionsOf } from "@/lib/auth/permissions";

export const dynamic = "force-dynamic";

/** Who is signed in and what their role allows now. */
export const GET = authedRoute("contacts.read", z.object({}), async (_input, { user }) => ({
  id: user.id,
  email: user.email,
  name: user.name,
  role: user.role,
  permissions: permissionsOf(user.role),
}));
