import "server-only";
import { deviceLabel } from "@/lib/auth/device-label";
import { memberLabel } from "@/lib/auth/member-label";
import { listSecurityEvents } from "@/lib/auth/security-events";
import { readSecuritySettings } from "@/lib/auth/security-settings";
import { listUsers } from "@/lib/auth/users";
import { minorToMajor } from "@/lib/core/money/money";
import { getDb } from "@/lib/db/client";
import { formatTimestamp } from "@/lib/dashboard/format";
import type { Locale } from "@/lib/i18n/config";
import type { Translate } from "@/lib/i18n/translate";
import { securityEventDetail } from "./security-event-detail";
import { securityLogExportHref, securityLogPageOf, toSecurityEventFilters, type SecurityLogParams } from "./security-log-params";

/** One event as the log's table shows it: its time in the viewer's zone, its kind and detail in words, the device named. */
export interface SecurityLogRowView {
  id: number;
  when: string;
  /** The kind in words. */
  event: string;
  kind: string;
  actor: string;
  subject: string;
  address: string;
  device: string;
  detail: string;
}

/** What the security log's page shows for its URL: the team's rules, one page of events, the filter form and the export. */
export interface SecurityLogView {
  /** The rules form's values: the thresholds in major units, as an owner types them. */
  rules: { requireTwoFactor: boolean; thresholds: { currency: string; amount: string }[] };
  rows: SecurityLogRowView[];
  /** How many events match the filters, on every page. */
  total: number;
  page: number;
  /** At least one, even with no event. */
  pages: number;
  /** The member filter's choices. */
  members: { id: number; label: string }[];
  /** The filter form's values, as its fields hold them. */
  values: { kind: string; user: string };
  /** The CSV export of the same filters, and the same with a byte order mark for Excel. */
  exportHrefs: { csv: string; excel: string };
}

/**
 * The security log's data: the page of events the URL asks for, the members (the filter's choices) and the team's
 * security rules, read side by side; times in the viewer's language and zone.
 */
export async function loadSecurityLog(params: SecurityLogParams, t: Translate, locale: Locale, timeZone: string): Promise<SecurityLogView> {
  const db = await getDb();
  const [result, members, rules] = await Promise.all([
    listSecurityEvents(db, toSecurityEventFilters(params), securityLogPageOf(params)),
    listUsers(db),
    readSecuritySettings(db),
  ]);
  return {
    rules: {
      requireTwoFactor: rules.requireTwoFactor,
      thresholds: Object.entries(rules.stepUpThresholds).map(([currency, minor]) => ({ currency, amount: minorToMajor(minor, currency) })),
    },
    rows: result.items.map((event) => ({
      id: event.id,
      when: formatTimestamp(event.createdAt, locale, timeZone),
      event: t(`security.kind.${event.kind}`),
      kind: event.kind,
      actor: event.actorEmail ?? "",
      subject: event.subjectEmail ?? "",
      address: event.address,
      device: deviceLabel(event.userAgent, t),
      detail: securityEventDetail(event, t),
    })),
    total: result.total,
    page: result.page,
    pages: Math.max(1, Math.ceil(result.total / result.pageSize)),
    members: members.map((member) => ({ id: member.id, label: memberLabel(member) })),
    values: { kind: params.kind ?? "", user: params.user ? String(params.user) : "" },
    exportHrefs: { csv: securityLogExportHref(params, false), excel: securityLogExportHref(params, true) },
  };
}
