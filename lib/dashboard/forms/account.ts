import { z } from "zod";

/** One of one's own sessions, by its id (the row of dashboard.sessions). */
export const EndSessionSchema = z.object({ sessionId: z.uuid() });

/** Actions that take nothing but the signed-in user. */
export const NoInputSchema = z.object({});
