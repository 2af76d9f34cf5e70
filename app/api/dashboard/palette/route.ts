import { z } from "zod";
import { authedRoute } from "@/lib/auth/authed-route";
import { can } from "@/lib/auth/permissions";
import { MAX_SEARCH_LENGTH } from "@/lib/features/contacts/browser-params";
import { getPlatform } from "@/lib/dashboard/platform";
import { getLocale } from "@/lib/i18n/server";
import { searchPalette } from "@/lib/features/palette/search-palette";

export const dynamic = "force-dynamic";

const PaletteQuerySchema = z.object({ q: z.string().trim().min(1).max(MAX_SEARCH_LENGTH) });

/** The command palette's contacts and lists for a typed text (lists only for a role that may read them). */
export const GET = authedRoute("contacts.read", PaletteQuerySchema, async ({ q }, { db, user, t }) =>
  searchPalette(await getPlatform(), db, { q, withLists: can(user.role, "lists.read"), locale: await getLocale(), t }),
);
