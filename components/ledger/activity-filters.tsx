import type { ReactNode } from "react";
import type { Translate } from "@/lib/i18n/translate";
import { ACTIVITY_KINDS, serializeActivitySearchParams, type ActivitySearchParams } from "@/lib/features/ledger/activity-filters";
import { FilterForm, type ActiveFilter } from "@/components/ui/filter-form";
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

/** The Activity filters as the page's toolbar (a FilterForm: in the URL, page 1 on apply), a chip per filter in force. */
export function ActivityFilters({
  users,
  values,
  params,
  contactName = null,
  actions,
  t,
}: {
  users: { id: number; email: string; name: string }[];
  values: ActivityFilterValues;
  params: ActivitySearchParams;
  /** The name of the contact filtered by, when the dashboard knows it. */
  contactName?: string | null;
  /** The page's downloads, at the end of the toolbar. */
  actions?: ReactNode;
  t: Translate;
}) {
  const without = (name: keyof ActivitySearchParams) => `/activity${serializeActivitySearchParams({ ...params, [name]: null, page: null })}`;
  const member = users.find((user) => String(user.id) === values.user);
  const shown: [keyof ActivitySearchParams, string, string][] = [
    ["user", t("audit.filter.user"), member ? memberLabel(member) : values.user],
    ["contact", t("audit.filter.contact"), values.contact && contactName ? `${contactName} (${values.contact})` : values.contact],
    ["kind", t("audit.filter.kind"), values.kind ? t(KIND_KEYS[values.kind as (typeof ACTIVITY_KINDS)[number]]) : ""],
    ["from", t("audit.filter.from"), values.from],
    ["to", t("audit.filter.to"), values.to],
    ["batch", t("audit.filter.batch"), params.batch ? params.batch.slice(0, 8) : ""],
  ];
  const active: ActiveFilter[] = shown.filter(([, , value]) => value).map(([name, label, value]) => ({ name, label, value, removeHref: without(name) }));
  return (
    <FilterForm action="/activity" t={t} active={active} hidden={params.batch ? { batch: params.batch } : {}} actions={actions} testId="activity-filters">
      <Field id="filter-user" label={t("audit.filter.user")}>
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
        label={t("audit.filter.contact")}
        description={contactName ? <span data-testid="filter-contact-name">{contactName}</span> : undefined}
      >
        <Input name="contact" inputMode="numeric" pattern="[0-9]*" defaultValue={values.contact} autoComplete="off" />
      </Field>
      <Field id="filter-kind" label={t("audit.filter.kind")}>
        <Select name="kind" defaultValue={values.kind}>
          <option value="">{t("audit.filter.any_kind")}</option>
          {ACTIVITY_KINDS.map((kind) => (
            <option key={kind} value={kind}>
              {t(KIND_KEYS[kind])}
            </option>
          ))}
        </Select>
      </Field>
      <div aria-hidden="true" className="hidden sm:block" />
      <Field id="filter-from" label={t("audit.filter.from")}>
        <Input name="from" type="date" defaultValue={values.from} />
      </Field>
      <Field id="filter-to" label={t("audit.filter.to")}>
        <Input name="to" type="date" defaultValue={values.to} />
      </Field>
    </FilterForm>
  );
}
