"use client";

import { useState, useTransition } from "react";
import { useForm } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { useT } from "@/components/i18n-provider";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { Field, Input, Select } from "@/components/ui/field";
import { Table, td, th } from "@/components/ui/table";
import { ROLES, type Role } from "@/lib/auth/permissions";
import { InviteMemberSchema, type InviteMember } from "@/lib/dashboard/forms/team";
import type { ActionError } from "@/lib/actions/result";
import { changeRoleAction, inviteMemberAction, removeMemberAction } from "@/lib/dashboard/settings-actions";
import { applyServerErrors, fieldsNamed } from "@/lib/actions/server-errors";

export interface TeamMember {
  id: number;
  email: string;
  name: string;
  role: Role;
}

export function TeamSection({ members, viewerId }: { members: TeamMember[]; viewerId: number }) {
  const t = useT();
  const [notice, setNotice] = useState<{ tone: "success" | "danger"; text: string } | null>(null);
  return (
    <div className="space-y-6">
      <div aria-live="polite">{notice ? <Alert tone={notice.tone} live>{notice.text}</Alert> : null}</div>
      <Table
        caption={t("team.title")}
        head={
          <>
            <th scope="col" className={th}>{t("team.email")}</th>
            <th scope="col" className={th}>{t("team.name")}</th>
            <th scope="col" className={th}>{t("team.role")}</th>
            <th scope="col" className={th}>{t("team.actions")}</th>
          </>
        }
      >
        {members.map((member) => (
          <MemberRow key={member.id} member={member} isViewer={member.id === viewerId} onNotice={setNotice} />
        ))}
      </Table>
      <InviteForm />
    </div>
  );
}

function MemberRow({ member, isViewer, onNotice }: { member: TeamMember; isViewer: boolean; onNotice: (notice: { tone: "success" | "danger"; text: string }) => void }) {
  const t = useT();
  const [role, setRole] = useState<Role>(member.role);
  const [confirming, setConfirming] = useState(false);
  const [pending, startTransition] = useTransition();
  const selectId = `role-${member.id}`;

  const run = (work: () => Promise<{ ok: true } | { ok: false; error: ActionError }>, success: string) =>
    startTransition(async () => {
      const result = await work();
      if (result.ok) onNotice({ tone: "success", text: success });
      else {
        onNotice({ tone: "danger", text: result.error.message });
        setRole(member.role);
      }
      setConfirming(false);
    });

  return (
    <tr data-testid={`member-${member.email}`}>
      <td className={td}>
        {member.email}
        {isViewer ? <span className="ml-2 text-xs text-muted">({t("team.you")})</span> : null}
      </td>
      <td className={td}>{member.name || t("common.none")}</td>
      <td className={td}>
        <form
          className="flex items-center gap-2"
          onSubmit={(event) => {
            event.preventDefault();
            run(() => changeRoleAction({ userId: member.id, role }), t("team.role_changed"));
          }}
        >
          <Field id={selectId} label={t("team.change_role", { email: member.email })} hideLabel>
            <Select value={role} onChange={(event) => setRole(event.target.value as Role)} className="w-auto">
              {ROLES.map((option) => (
                <option key={option} value={option}>
                  {t(`role.${option}`)}
                </option>
              ))}
            </Select>
          </Field>
          <Button type="submit" variant="secondary" disabled={pending || role === member.role}>
            {t("common.save")}
          </Button>
        </form>
      </td>
      <td className={td}>
        <Button variant="danger" aria-label={t("team.remove_label", { email: member.email })} onClick={() => setConfirming(true)} disabled={pending}>
          {t("team.remove")}
        </Button>
        <ConfirmDialog
          open={confirming}
          title={t("team.remove_label", { email: member.email })}
          confirmLabel={t("team.remove")}
          cancelLabel={t("common.cancel")}
          pending={pending}
          onCancel={() => setConfirming(false)}
          onConfirm={() => run(() => removeMemberAction({ userId: member.id }), t("team.removed"))}
        >
          {t("team.remove_confirm", { email: member.email })}
        </ConfirmDialog>
      </td>
    </tr>
  );
}

function InviteForm() {
  const t = useT();
  const [created, setCreated] = useState<{ email: string; password: string } | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<InviteMember>({ resolver: zodResolver(InviteMemberSchema), defaultValues: { email: "", name: "", role: "support" } });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    setFormError(null);
    setCreated(null);
    const result = await inviteMemberAction(values);
    if (result.ok) {
      setCreated(result.data);
      form.reset({ email: "", name: "", role: values.role });
      return;
    }
    // Each server error goes to its field; the rest to the form.
    if (applyServerErrors(form.setError, result.error.fieldErrors, fieldsNamed("email", "name", "role")).placed === 0) setFormError(result.error.message);
  });

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4 rounded-lg border border-border p-4" aria-labelledby="invite-title">
      <h3 id="invite-title" className="font-semibold">
        {t("team.invite")}
      </h3>
      {created ? (
        <Alert tone="success" live>
          <p>{t("team.invited")}</p>
          <p className="mt-2">
            <span className="sr-only">{t("team.copy_hint", { email: created.email })}: </span>
            <code data-testid="invited-password" className="rounded bg-surface px-2 py-1 font-mono text-fg select-all">
              {created.password}
            </code>
          </p>
        </Alert>
      ) : null}
      {formError ? <Alert tone="danger" live>{formError}</Alert> : null}
      <div className="grid gap-4 sm:grid-cols-3">
        <Field id="invite-email" label={t("team.email")} error={errors.email} required>
          <Input type="email" autoComplete="off" {...form.register("email")} />
        </Field>
        <Field id="invite-name" label={t("team.name")} error={errors.name}>
          <Input autoComplete="off" {...form.register("name")} />
        </Field>
        <Field id="invite-role" label={t("team.role")} error={errors.role} required>
          <Select {...form.register("role")}>
            {ROLES.map((option) => (
              <option key={option} value={option}>
                {t(`role.${option}`)}
              </option>
            ))}
          </Select>
        </Field>
      </div>
      <Button type="submit" disabled={isSubmitting}>
        {isSubmitting ? t("common.saving") : t("team.invite_submit")}
      </Button>
    </form>
  );
}
