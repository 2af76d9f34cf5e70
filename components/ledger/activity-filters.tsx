import type { Translate } from "@/lib/i18n/translate";
import { ACTIVITY_KINDS } from "@/lib/features/ledger/activity-filters";
import { FilterForm } from "@/components/ui/filter-form";
import { memberLabel } from "@/lib/auth/member-label";
import { Field, Input, Select } from "@/components/ui/field";
import { KIND_KEYS } from "./describe";

export interface ActivityFilterValues {
  user: string;
  contact: string;
  kind: string;
  from: string;
  to: string;
}

/** The Activity filters (a FilterForm: in the URL, page 1 on apply). */
export function ActivityFilters({
  users,
  values,
  contactName = null,
  t,
}: {
  users: { id: number; email: string; name: string }[];
  values: ActivityFilterValues;
  /** The name of the contact filtered by, when the dashboard knows it. */
  contactName?: string | null;
  t: Translate;
}) {
  return (
    <FilterForm action="/activity" label={t("audit.filters")} applyLabel={t("audit.filter.apply")} clearLabel={t("audit.clear")}>
      <Field id="filter-user" className="min-w-40 flex-1" label={t("audit.filter.user")}>
        <Select name="user" defaultValue={values.user}>
          <option value="">{t("audit.filter.anyone")}</option>
          {users.map((user) => (
            <option key={user.id} value={String(user.id)}>
              {memberLabel(user)}
            </option>
          ))}
        </Select>
      </Field>
      <Field
        id="filter-contact"
        className="min-w-40 flex-1"
        label={t("audit.filter.contact")}
        description={contactName ? <span data-testid="filter-contact-name">{contactName}</span> : undefined}
      >
        <Input name="contact" inputMode="numeric" pattern="[0-9]*" defaultValue={values.contact} autoComplete="off" />
      </Field>
      <Field id="filter-kind" className="min-w-40 flex-1" label={t("audit.filter.kind")}>
        <Select name="kind" defaultValue={values.kind}>
          <option value="">{t("audit.filter.any_kind")}</option>
          {ACTIVITY_KINDS.map((kind) => (
            <option key={kind} value={kind}>
              {t(KIND_KEYS[kind])}
            </option>
          ))}
        </Select>
      </Field>
      <Field id="filter-from" className="min-w-40 flex-1" label={t("audit.filter.from")}>
        <Input name="from" type="date" defaultValue={values.from} />
      </Field>
      <Field id="filter-to" className="min-w-40 flex-1" label={t("audit.filter.to")}>
        <Input name="to" type="date" defaultValue={values.to} />
      </Field>
    </FilterForm>
  );
}
