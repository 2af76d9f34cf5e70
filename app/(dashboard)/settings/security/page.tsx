import type { Metadata } from "next";
import { requireUser } from "@/lib/auth/session";
import { can, isRole } from "@/lib/auth/permissions";
import { getDb } from "@/lib/db/client";
import { readSecuritySettings } from "@/lib/auth/security-settings";
import { minorToMajor } from "@/lib/core/money/money";
import { listUsers } from "@/lib/auth/users";
import { listSecurityEvents, SECURITY_EVENT_KINDS, type SecurityEventView } from "@/lib/auth/security-events";
import { loadSecurityLogParams, securityLogExportHref, securityLogPageOf, toSecurityEventFilters } from "@/lib/features/settings/security-log-params";
import { formatTimestamp } from "@/lib/dashboard/format";
import { getLocale, getTimeZone, getTranslator } from "@/lib/i18n/server";
import type { Translate } from "@/lib/i18n/translate";
import { Card, PageHeader } from "@/components/ui/card";
import { buttonClass } from "@/components/ui/button";
import { Field, Select } from "@/components/ui/field";
import { FilterForm } from "@/components/ui/filter-form";
import { memberLabel } from "@/lib/auth/member-label";
import { deviceLabel } from "@/lib/auth/device-label";
import { PermissionNote } from "@/components/shell/permission-note";
import { SecurityLogTable, type SecurityLogRow } from "@/components/settings/security-log-table";
import { LazySecurityRulesForm } from "@/components/settings/lazy-sections";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslator())("security.title") };
}

/** What an event's detail says, in words: the roles of a change, how many sessions ended, a link's purpose or refusal. */
function detailText(event: SecurityEventView, t: Translate): string {
  const detail = event.detail ?? {};
  const role = (value: unknown) => (isRole(value) ? t(`role.${value}`) : String(value ?? ""));
  switch (event.kind) {
    case "role_changed":
      return `${role(detail.from)} → ${role(detail.to)}`;
    case "member_invited":
    case "member_removed":
      return role(detail.role);
    case "sessions_ended_others":
      return t("security.sessions_count", { count: Number(detail.ended ?? 0) });
    case "link_created":
    case "link_used": {
      const purpose = detail.purpose === "reset" ? t("security.link.reset") : t("security.link.invite");
      if (detail.mailed === true || detail.mailed === false) return `${purpose}, ${t(detail.mailed ? "security.link.mailed" : "security.link.mail_failed")}`;
      return purpose;
    }
    case "link_refused":
      return detail.reason === "used" || detail.reason === "expired" || detail.reason === "unknown" ? t(`welcome.refused.${detail.reason}`) : "";
    default:
      return "";
  }
}

/**
 * The security log (owners): sign-ins and their failures, sessions ended, members invited, re-roled and removed,
 * newest first, filtered by kind and member in the URL, paged on the server and exportable as CSV.
 */
export default async function SecurityLogPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const [user, t, locale, timeZone, raw] = await Promise.all([requireUser(), getTranslator(), getLocale(), getTimeZone(), searchParams]);
  if (!can(user.role, "team.manage")) {
    return (
      <>
        <PageHeader title={t("security.title")} />
        <PermissionNote permission="team.manage" role={user.role} t={t} allowedText="" />
      </>
    );
  }
  const params = loadSecurityLogParams(raw);
  const db = await getDb();
  const [result, members, rules] = await Promise.all([
    listSecurityEvents(db, toSecurityEventFilters(params), securityLogPageOf(params)),
    listUsers(db),
    readSecuritySettings(db),
  ]);
  const rows: SecurityLogRow[] = result.items.map((event) => ({
    id: event.id,
    when: formatTimestamp(event.createdAt, locale, timeZone),
    event: t(`security.kind.${event.kind}`),
    kind: event.kind,
    actor: event.actorEmail ?? "",
    subject: event.subjectEmail ?? "",
    address: event.address,
    device: deviceLabel(event.userAgent, t),
    detail: detailText(event, t),
  }));
  const pages = Math.max(1, Math.ceil(result.total / result.pageSize));
  return (
    <>
      <PageHeader title={t("security.title")}>
        <span data-testid="security-total">{t("security.total", { count: result.total })}</span>
      </PageHeader>
      <div className="space-y-4">
        <Card title={t("security_rules.title")} description={t("security_rules.description")} titleId="security-rules-title">
          <LazySecurityRulesForm
            initial={{
              requireTwoFactor: rules.requireTwoFactor,
              thresholds: Object.entries(rules.stepUpThresholds).map(([currency, minor]) => ({ currency, amount: minorToMajor(minor, currency) })),
            }}
          />
        </Card>
        <p className="text-sm text-muted">{t("security.description")}</p>
        <FilterForm action="/settings/security" label={t("security.filters")} applyLabel={t("audit.filter.apply")} clearLabel={t("audit.clear")}>
          <Field id="security-kind" className="min-w-40 flex-1" label={t("security.filter.kind")}>
            <Select name="kind" defaultValue={params.kind ?? ""}>
              <option value="">{t("security.filter.any_kind")}</option>
              {SECURITY_EVENT_KINDS.map((kind) => (
                <option key={kind} value={kind}>
                  {t(`security.kind.${kind}`)}
                </option>
              ))}
            </Select>
          </Field>
          <Field id="security-user" className="min-w-40 flex-1" label={t("security.filter.member")}>
            <Select name="user" defaultValue={params.user ? String(params.user) : ""}>
              <option value="">{t("security.filter.anyone")}</option>
              {members.map((member) => (
                <option key={member.id} value={String(member.id)}>
                  {memberLabel(member)}
                </option>
              ))}
            </Select>
          </Field>
        </FilterForm>
        <div className="flex flex-wrap gap-2">
          <a className={buttonClass("secondary")} href={securityLogExportHref(params, false)} download data-testid="security-export">
            {t("audit.export")}
          </a>
          <a className={buttonClass("ghost")} href={securityLogExportHref(params, true)} download>
            {t("audit.export_excel")}
          </a>
        </div>
        <SecurityLogTable rows={rows} params={params} page={result.page} pages={pages} />
      </div>
    </>
  );
}
