import { z } from "zod";
import { authedRoute } from "@/lib/auth/authed-route";
import { getPlatform } from "@/lib/dashboard/platform";
import { parsePage } from "@/lib/dashboard/format";
import { loadRecords } from "@/lib/features/lists/records";

export const dynamic = "force-dynamic";

const QuerySchema = z.object({ schemaId: z.string().trim().min(1).max(64), page: z.string().optional() });

/** One page of a list's records for the records table; `{available: false}` on a platform without the extension. */
export const GET = authedRoute("lists.read", QuerySchema, async ({ schemaId, page }) => loadRecords(await getPlatform(), schemaId, parsePage(page)));
