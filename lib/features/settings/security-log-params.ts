import { createLoader, createSerializer, parseAsInteger, parseAsStringLiteral, type inferParserType } from "nuqs/server";
import { parseAsFlag } from "@/lib/core/url-state/parsers";
import { SECURITY_EVENT_KINDS } from "@/lib/auth/security-event-kinds";
import type { SecurityEventFilters } from "@/lib/auth/security-events";

/**
 * The security log's URL state: one parser map for the page, its links and the CSV export. A bad value is no
 * filter (a broken URL never crashes the page).
 */
export const securityLogParsers = {
  kind: parseAsStringLiteral(SECURITY_EVENT_KINDS),
  user: parseAsInteger,
  page: parseAsInteger.withDefault(1),
};

export const loadSecurityLogParams = createLoader(securityLogParsers);
export const serializeSecurityLogParams = createSerializer(securityLogParsers);
export type SecurityLogParams = inferParserType<typeof securityLogParsers>;

const exportParsers = { ...securityLogParsers, page: parseAsInteger, bom: parseAsFlag.withDefault(false) };
export const loadSecurityLogExportParams = createLoader(exportParsers);
const serializeExportParams = createSerializer(exportParsers);
export const securityLogExportHref = (params: SecurityLogParams, bom: boolean): string =>
  serializeExportParams("/api/dashboard/security-events/export", { ...params, page: null, bom });

const positive = (value: number | null): number | null => (value !== null && Number.isSafeInteger(value) && value > 0 ? value : null);

export const toSecurityEventFilters = (params: Pick<SecurityLogParams, "kind" | "user">): SecurityEventFilters => ({
  kind: params.kind,
  userId: positive(params.user),
});

export const securityLogPageOf = (params: SecurityLogParams): number => positive(params.page) ?? 1;
