import { createLoader, createSerializer, parseAsInteger, parseAsIsoDate, parseAsStringLiteral, type inferParserType } from "nuqs/server";
import { parseAsFlag, parseAsUuid } from "@/lib/core/url-state/parsers";
import type { AuditFilters } from "./audit";

/**
 * The Activity page's URL state: one parser map for the page, its links and the
 * CSV export. Parsing is tolerant: a bad value is simply no filter (a broken URL
 * never crashes the page).
 */
export const ACTIVITY_KINDS = ["open", "top_up", "debit", "delete"] as const;

export const activityParsers = {
  user: parseAsInteger,
  contact: parseAsInteger,
  kind: parseAsStringLiteral(ACTIVITY_KINDS),
  from: parseAsIsoDate,
  to: parseAsIsoDate,
  /** A bulk-adjustment batch's id: its rows' entries only. */
  batch: parseAsUuid,
  page: parseAsInteger.withDefault(1),
};

export const loadActivitySearchParams = createLoader(activityParsers);
export const serializeActivitySearchParams = createSerializer(activityParsers);
export type ActivitySearchParams = inferParserType<typeof activityParsers>;

/** The CSV export's URL: the page's filters (no page) and `bom=1` for Excel. */
const activityExportParsers = { ...activityParsers, page: parseAsInteger, bom: parseAsFlag.withDefault(false) };
export const loadActivityExportParams = createLoader(activityExportParsers);
const serializeActivityExportParams = createSerializer(activityExportParsers);
export const activityExportHref = (params: ActivitySearchParams, bom: boolean): string =>
  serializeActivityExportParams("/api/dashboard/activity/export", { ...params, page: null, bom });

const DAY_MS = 86_400_000;
const positive = (value: number | null): number | null => (value !== null && Number.isSafeInteger(value) && value > 0 ? value : null);

/** The URL's filters as the audit query takes them: days are UTC, both ends inclusive. */
export function toAuditFilters(params: ActivitySearchParams): AuditFilters {
  return {
    userId: positive(params.user),
    contactId: positive(params.contact),
    kind: params.kind,
    from: params.from,
    until: params.to ? new Date(params.to.getTime() + DAY_MS) : null,
    batchId: params.batch,
  };
}

export const pageOf = (params: ActivitySearchParams): number => positive(params.page) ?? 1;

/** The filter form's fields as the URL holds them: ids as text, days as YYYY-MM-DD (UTC), and an empty text for no filter. */
export function activityFilterValues(params: ActivitySearchParams): { user: string; contact: string; kind: string; from: string; to: string } {
  return {
    user: params.user ? String(params.user) : "",
    contact: params.contact ? String(params.contact) : "",
    kind: params.kind ?? "",
    from: params.from ? params.from.toISOString().slice(0, 10) : "",
    to: params.to ? params.to.toISOString().slice(0, 10) : "",
  };
}

/** Whether the URL narrows the trail by any filter (the page aside): an empty table then offers to clear them. */
export const isActivityFiltered = (params: ActivitySearchParams): boolean =>
  Boolean(params.user || params.contact || params.kind || params.from || params.to || params.batch);
