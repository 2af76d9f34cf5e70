import { z } from "zod";
import { and, asc, eq, inArray } from "drizzle-orm";
import { bots, keyHolders, projects } from "@/lib/db/schema";
import { defineMethod, GET_POST, ok } from "../method";
import { dataOf, Me } from "@/lib/contract/responses";

const GetMeParamsSchema = z.object({});

/** The key holder and their own projects with live bots (not projects joined as a member). */
export const getMe = defineMethod({
  verbs: GET_POST,
  params: GetMeParamsSchema,
  responses: { 200: dataOf(Me) },
  extension: true,
  async handle({ db, holder }) {
    const [account] = await db
      .select({ id: keyHolders.id, name: keyHolders.name, email: keyHolders.email, plan: keyHolders.plan })
      .from(keyHolders)
      .where(eq(keyHolders.id, holder.id));
    const ownProjects = await db
      .select({ uuid: projects.uuid, name: projects.name })
      .from(projects)
      .where(eq(projects.ownerId, holder.id))
      .orderBy(asc(projects.createdAt), asc(projects.uuid));
    const projectBots = ownProjects.length
      ? await db
          .select({ id: bots.id, name: bots.name, projectUuid: bots.projectUuid })
          .from(bots)
          .where(
            and(
              inArray(
                bots.projectUuid,
                ownProjects.map((p) => p.uuid),
              ),
              eq(bots.deleted, false),
            ),
          )
          .orderBy(asc(bots.id))
      : [];
    return ok({
      data: {
        ...account,
        projects: ownProjects.map((project) => ({
          uuid: project.uuid,
          name: project.name,
          bots: projectBots.filter((bot) => bot.projectUuid === project.uuid).map(({ id, name }) => ({ id, name })),
        })),
      },
    });
  },
});
