import { z } from "zod";

/** One of one's own sessions, by its id (the row of dashboard.sessions). */
export const EndSessionSchema = z.object({ sessionId: z.uuid() });

/** Actions that take nothing but the signed-in user. */
export const NoInputSchema = z.object({});

/** A member's session, ended by an owner: the member is named too, so that a session id alone never ends someone else's. */
export const MemberSessionSchema = z.object({ userId: z.coerce.number().int().positive(), sessionId: z.uuid() });
