import type { ReactNode } from "react";
import { SECURITY_EVENT_KINDS } from "@/lib/auth/security-event-kinds";
import type { SecurityLogView } from "@/lib/features/settings/load-security-log";
import { serializeSecurityLogParams, type SecurityLogParams } from "@/lib/features/settings/security-log-params";
import type { Translate } from "@/lib/i18n/translate";
import { Field, Select } from "@/components/ui/field";
import { FilterForm, type ActiveFilter } from "@/components/ui/filter-form";

/** The security log's toolbar, its filters sent in the URL: the kind of event and the member it concerns or who did it. */
export function SecurityLogFilters({
  values,
  params,
  members,
  actions,
  t,
}: {
  values: SecurityLogView["values"];
  params: SecurityLogParams;
  members: SecurityLogView["members"];
  /** The log's downloads, at the end of the toolbar. */
  actions?: ReactNode;
  t: Translate;
}) {
  const without = (name: "kind" | "user") => `/settings/security${serializeSecurityLogParams({ ...params, [name]: null, page: null })}`;
  const member = members.find((candidate) => String(candidate.id) === values.user);
  const active: ActiveFilter[] = [];
  if (values.kind) active.push({ name: "kind", label: t("security.filter.kind"), value: t(`security.kind.${values.kind}`), removeHref: without("kind") });
  if (values.user) active.push({ name: "user", label: t("security.filter.member"), value: member?.label ?? values.user, removeHref: without("user") });
  return (
    <FilterForm action="/settings/security" t={t} active={active} actions={actions} testId="security-filters">
      <Field id="security-kind" label={t("security.filter.kind")}>
        <Select name="kind" defaultValue={values.kind}>
          <option value="">{t("security.filter.any_kind")}</option>
          {SECURITY_EVENT_KINDS.map((kind) => (
            <option key={kind} value={kind}>
              {t(`security.kind.${kind}`)}
            </option>
          ))}
        </Select>
      </Field>
      <Field id="security-user" label={t("security.filter.member")}>
        <Select name="user" defaultValue={values.user}>
          <option value="">{t("security.filter.anyone")}</option>
          {members.map((member) => (
            <option key={member.id} value={String(member.id)}>
              {member.label}
            </option>
          ))}
        </Select>
      </Field>
    </FilterForm>
  );
}
