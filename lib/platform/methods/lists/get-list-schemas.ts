import { z } from "zod";
import { asc, count, eq } from "drizzle-orm";
import { listSchemas, projects } from "@/lib/db/schema";
import { defineMethod, GET_POST, ok } from "../../method";
import { paginate } from "../../paginator";
import { LISTS_PER_PAGE } from "../../lists/constants";
import { loadFields } from "../../lists/fields";
import { PageSchema } from "../../lists/params";
import { serializeListSchema } from "../../lists/serialize";
import { ListSchemaPage } from "@/lib/contract/responses";

const GetListSchemasParamsSchema = z.object({ page: PageSchema });

/** The lists of every project the holder owns (never one joined as a member), oldest first, 50 per page. */
export const getListSchemas = defineMethod({
  verbs: GET_POST,
  params: GetListSchemasParamsSchema,
  responses: { 200: ListSchemaPage },
  async handle({ db, holder, path }, { page }) {
    const own = eq(projects.ownerId, holder.id);
    const [[{ total }], rows] = await Promise.all([
      db.select({ total: count() }).from(listSchemas).innerJoin(projects, eq(projects.uuid, listSchemas.projectUuid)).where(own),
      db
        .select({
          id: listSchemas.id,
          projectUuid: listSchemas.projectUuid,
          botId: listSchemas.botId,
          name: listSchemas.name,
          isMenu: listSchemas.isMenu,
          createdAt: listSchemas.createdAt,
          updatedAt: listSchemas.updatedAt,
        })
        .from(listSchemas)
        .innerJoin(projects, eq(projects.uuid, listSchemas.projectUuid))
        .where(own)
        .orderBy(asc(listSchemas.createdAt), asc(listSchemas.id))
        .limit(LISTS_PER_PAGE)
        .offset((page - 1) * LISTS_PER_PAGE),
    ]);
    const fields = await loadFields(
      db,
      rows.map((row) => row.id),
    );
    const data = rows.map((row) => serializeListSchema(row, fields.get(row.id) ?? []));
    return ok(paginate(data, { total, perPage: LISTS_PER_PAGE, page, path }));
  },
});
