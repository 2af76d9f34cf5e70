import { SECURITY_EVENT_KINDS } from "@/lib/auth/security-event-kinds";
import type { SecurityLogView } from "@/lib/features/settings/load-security-log";
import type { Translate } from "@/lib/i18n/translate";
import { Field, Select } from "@/components/ui/field";
import { FilterForm } from "@/components/ui/filter-form";

/** The security log's filters, sent in the URL: the kind of event and the member it concerns or who did it. */
export function SecurityLogFilters({ values, members, t }: { values: SecurityLogView["values"]; members: SecurityLogView["members"]; t: Translate }) {
  return (
    <FilterForm action="/settings/security" label={t("security.filters")} applyLabel={t("audit.filter.apply")} clearLabel={t("audit.clear")}>
      <Field id="security-kind" className="min-w-40 flex-1" label={t("security.filter.kind")}>
        <Select name="kind" defaultValue={values.kind}>
          <option value="">{t("security.filter.any_kind")}</option>
          {SECURITY_EVENT_KINDS.map((kind) => (
            <option key={kind} value={kind}>
              {t(`security.kind.${kind}`)}
            </option>
          ))}
        </Select>
      </Field>
      <Field id="security-user" className="min-w-40 flex-1" label={t("security.filter.member")}>
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
