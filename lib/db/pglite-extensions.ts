import type { Extensions } from "@electric-sql/pglite";

/**
 * The extensions every PGlite engine of ours is opened with: the migrations create
 * pg_trgm (drizzle/0008_contact_search.sql), and an engine without it loaded can
 * neither create it nor use an index built on it. Loaded lazily: only the embedded
 * engine needs the bundle.
 */
export async function pgliteExtensions(): Promise<Extensions> {
  const { pg_trgm } = await import("@electric-sql/pglite/contrib/pg_trgm");
  return { pg_trgm };
}
