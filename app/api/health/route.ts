import { getDb } from "@/lib/db/client";

export const dynamic = "force-dynamic";

/** 200 once the database is open and migrated (the server migrates on start). */
export async function GET(): Promise<Response> {
  try {
    await getDb();
    return Response.json({ status: "ok" });
  } catch {
    return Response.json({ status: "unavailable" }, { status: 503 });
  }
}
