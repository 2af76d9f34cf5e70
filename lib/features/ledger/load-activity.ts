import "server-only";
import { getDb } from "@/lib/db/client";
import { findContactNames } from "@/lib/features/contacts/contact-names";
import { listAuditEntries, listAuditUsers, type Viewer } from "./audit";
import { activityExportHref, activityFilterValues, isActivityFiltered, pageOf, toAuditFilters, type ActivitySearchParams } from "./activity-filters";
import type { AuditEntryView, PageOf } from "./types";

/** What the Activity page shows for its URL: one page of the trail, the filter form's choices and values, the export's links. */
export interface ActivityView {
  result: PageOf<AuditEntryView>;
  /** Members who appear in the entries the viewer may read (the user filter's choices). */
  users: { id: number; email: string; name: string }[];
  /** The name of the contact filtered by, when the dashboard knows it. */
  contactName: string | null;
  values: ReturnType<typeof activityFilterValues>;
  filtered: boolean;
  /** The CSV export of the same filters, and the same with a byte order mark for Excel. */
  exportHrefs: { csv: string; excel: string };
}

/**
 * The Activity page's data: the entries the viewer may read under the URL's filters (paged on the server), the
 * members of the trail and the filtered contact's known name, read side by side.
 */
export async function loadActivity(viewer: Viewer, params: ActivitySearchParams): Promise<ActivityView> {
  const db = await getDb();
  const [result, users, contactNames] = await Promise.all([
    listAuditEntries(db, { id: viewer.id, role: viewer.role }, toAuditFilters(params), pageOf(params)),
    listAuditUsers(db, { id: viewer.id, role: viewer.role }),
    findContactNames(db, params.contact ? [params.contact] : []),
  ]);
  return {
    result,
    users,
    contactName: params.contact ? (contactNames.get(params.contact) ?? null) : null,
    values: activityFilterValues(params),
    filtered: isActivityFiltered(params),
    exportHrefs: { csv: activityExportHref(params, false), excel: activityExportHref(params, true) },
  };
}
