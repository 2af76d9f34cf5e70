"use client";

import { createContext, useCallback, useContext, useEffect, useMemo, useState, useTransition } from "react";
import type { ColumnDef } from "@tanstack/react-table";
import { useForm } from "react-hook-form";
import { useT } from "@/components/shell/i18n-provider";
import { Alert, Notice } from "@/components/ui/alert";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { ConfirmedAction } from "@/components/ui/confirmed-action";
import { Field, Input, Select } from "@/components/ui/field";
import { DataTable } from "@/components/ui/data-table";
import { StepUpPrompt } from "@/components/shell/step-up-prompt";
import { ROLES, type Role } from "@/lib/auth/permissions";
import type { InviteMember } from "@/lib/features/settings/team-forms";
import { lazyZodResolver } from "@/lib/core/forms/lazy-zod-resolver";
import type { ActionError } from "@/lib/core/actions/result";
import { changeRoleAction, inviteMemberAction, memberLinkAction, removeMemberAction, resetMemberTwoFactorAction } from "@/lib/features/settings/actions";
import type { IssuedLink } from "@/lib/features/settings/issue-member-link";
import type { TeamMemberView } from "@/lib/features/settings/load-settings";
import { applyServerErrors, fieldsNamed } from "@/lib/core/actions/server-errors";
import { callAction } from "@/lib/core/actions/call-action";

const inviteResolver = lazyZodResolver<InviteMember>(() => import("@/lib/features/settings/team-forms").then((forms) => forms.InviteMemberSchema));

type TeamMember = TeamMemberView;

/** A link just made for a member, shown once with a copy button. */
type ShownLink = IssuedLink & { email: string };

/**
 * The row actions being saved, as "memberId:action": while one action of a member saves, the
 * other waits (disabled, with the reason), so a removal cannot race a role change of the same member.
 */
type RowAction = "role" | "remove";
const SavingContext = createContext<{ saving: ReadonlySet<string>; setSaving: (key: string, saving: boolean) => void }>({
  saving: new Set(),
  setSaving: () => undefined,
});

/** Marks this action of the member as saving while `pending`; answers whether the member's other action is saving. */
function useRowSaving(memberId: number, action: RowAction, pending: boolean): boolean {
  const { saving, setSaving } = useContext(SavingContext);
  const key = `${memberId}:${action}`;
  useEffect(() => {
    setSaving(key, pending);
    return () => setSaving(key, false);
  }, [key, pending, setSaving]);
  const other: RowAction = action === "role" ? "remove" : "role";
  return saving.has(`${memberId}:${other}`);
}

export function TeamSection({ members, viewerId }: { members: TeamMember[]; viewerId: number }) {
  const t = useT();
  const [notice, setNotice] = useState<{ tone: "success" | "danger"; text: string } | null>(null);
  // A row's new link, shown once above the table (the invite form shows its own).
  const [shown, setShown] = useState<ShownLink | null>(null);
  const [saving, setSavingSet] = useState<ReadonlySet<string>>(new Set());
  const setSaving = useCallback(
    (key: string, on: boolean) =>
      setSavingSet((current) => {
        if (current.has(key) === on) return current;
        const next = new Set(current);
        if (on) next.add(key);
        else next.delete(key);
        return next;
      }),
    [],
  );
  const savingContext = useMemo(() => ({ saving, setSaving }), [saving, setSaving]);
  // A row's change the server refused for want of a fresh code (a new owner, another member's link or two-factor):
  // the code is asked above the table, and once given the same change is sent again.
  const [retry, setRetry] = useState<{ send: () => void } | null>(null);
  const onStepUp = useCallback((send: () => void) => setRetry({ send }), []);
  const columns = useMemo<ColumnDef<TeamMember>[]>(
    () => [
      {
        id: "email",
        header: t("team.email"),
        cell: ({ row }) => (
          <>
            {row.original.email}
            {row.original.id === viewerId ? <span className="ml-2 text-xs text-muted">({t("team.you")})</span> : null}
            {row.original.invited ? (
              <Badge tone="warning" className="ml-2">
                {t("links.invited_status")}
              </Badge>
            ) : null}
            {row.original.twoFactorOn ? (
              <Badge tone="success" className="ml-2">
                {t("team.two_factor_on")}
              </Badge>
            ) : null}
          </>
        ),
      },
      { id: "name", header: t("team.name"), cell: ({ row }) => row.original.name || t("common.none") },
      { id: "role", header: t("team.role"), cell: ({ row }) => <RoleForm member={row.original} onNotice={setNotice} onStepUp={onStepUp} /> },
      {
        id: "actions",
        header: t("team.actions"),
        cell: ({ row }) => (
          <div className="flex flex-wrap items-center gap-2">
            <MemberLink member={row.original} onLink={setShown} onNotice={setNotice} onStepUp={onStepUp} />
            {row.original.twoFactorOn && row.original.id !== viewerId ? (
              <ResetTwoFactor member={row.original} onNotice={setNotice} onStepUp={onStepUp} />
            ) : null}
            <RemoveMember member={row.original} onNotice={setNotice} />
          </div>
        ),
      },
    ],
    [t, viewerId, onStepUp],
  );
  return (
    <SavingContext.Provider value={savingContext}>
      <div className="space-y-6" data-testid="team-section">
        <Notice notice={notice} />
        {retry ? (
          <StepUpPrompt
            onConfirmed={() => {
              setRetry(null);
              retry.send();
            }}
            onCancel={() => setRetry(null)}
          />
        ) : null}
        {shown ? (
          <IssuedLinkNotice link={shown} intro={t(shown.purpose === "reset" ? "links.reset_created" : "links.invite_created", { email: shown.email })} />
        ) : null}
        <DataTable
          columns={columns}
          data={members}
          getRowId={(member) => String(member.id)}
          caption={t("team.title")}
          rowProps={(member) => ({ "data-testid": `member-${member.email}` })}
        />
        <InviteForm />
      </div>
    </SavingContext.Provider>
  );
}

type Notice = (notice: { tone: "success" | "danger"; text: string }) => void;
/** The server asked for a fresh code: `send` makes the same change again once it is given. */
type OnStepUp = (send: () => void) => void;
const needsCode = (error: ActionError) => error.code === "step_up_required";
type ActionResult = { ok: true } | { ok: false; error: ActionError };

/** A member's role: a select and Save; a refused change puts the select back. */
function RoleForm({ member, onNotice, onStepUp }: { member: TeamMember; onNotice: Notice; onStepUp: OnStepUp }) {
  const t = useT();
  const [role, setRole] = useState<Role>(member.role);
  const [pending, startTransition] = useTransition();
  const otherSaving = useRowSaving(member.id, "role", pending);
  const selectId = `role-${member.id}`;
  const save = (chosen: Role) =>
    startTransition(async () => {
      const result: ActionResult = await callAction(changeRoleAction, { userId: member.id, role: chosen }, t);
      if (result.ok) onNotice({ tone: "success", text: t("team.role_changed") });
      // Making an owner asks for a code: the select keeps the choice while it is asked.
      else if (needsCode(result.error)) onStepUp(() => save(chosen));
      else {
        onNotice({ tone: "danger", text: result.error.message });
        setRole(member.role);
      }
    });
  return (
    <form
      className="flex items-center gap-2"
      onSubmit={(event) => {
        event.preventDefault();
        save(role);
      }}
    >
      <Field id={selectId} label={t("team.change_role", { email: member.email })} hideLabel>
        <Select value={role} onChange={(event) => setRole(event.target.value as Role)} className="w-auto">
          <RoleOptions />
        </Select>
      </Field>
      <Button
        type="submit"
        variant="secondary"
        disabled={pending || otherSaving || role === member.role}
        aria-describedby={otherSaving ? `${selectId}-wait` : undefined}
      >
        {t("common.save")}
      </Button>
      {otherSaving ? (
        <span id={`${selectId}-wait`} className="text-xs text-muted">
          {t("team.removing")}
        </span>
      ) : pending ? (
        <span role="status" className="text-xs text-muted">
          {t("team.saving_role")}
        </span>
      ) : null}
    </form>
  );
}

/** A new one-time link for the member: a new invite while they have none of their own password, else a reset. */
function MemberLink({
  member,
  onLink,
  onNotice,
  onStepUp,
}: {
  member: TeamMember;
  onLink: (link: ShownLink | null) => void;
  onNotice: Notice;
  onStepUp: OnStepUp;
}) {
  const t = useT();
  const [pending, startTransition] = useTransition();
  const issue = () =>
    startTransition(async () => {
      onLink(null);
      const result = await callAction(memberLinkAction, { userId: member.id }, t);
      if (result.ok) onLink(result.data);
      else if (needsCode(result.error)) onStepUp(issue);
      else onNotice({ tone: "danger", text: result.error.message });
    });
  return (
    <Button
      variant="secondary"
      aria-label={t(member.invited ? "links.reissue_label" : "links.reset_label", { email: member.email })}
      disabled={pending}
      onClick={issue}
    >
      {pending ? t("links.creating") : t(member.invited ? "links.reissue" : "links.reset")}
    </Button>
  );
}

/**
 * A link shown once: the full address (this browser's origin and the link's path), a copy button, and what became of
 * the mail when one was sent.
 */
function IssuedLinkNotice({ link, intro }: { link: ShownLink; intro: string }) {
  const t = useT();
  const url = new URL(link.path, window.location.origin).toString();
  const [copied, setCopied] = useState<boolean | null>(null);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(url);
      setCopied(true);
    } catch {
      setCopied(false);
    }
  };
  return (
    <Alert tone="success" live>
      <p>{intro}</p>
      <p className="mt-2 flex flex-wrap items-center gap-2">
        <span className="sr-only">{t("links.link_for", { email: link.email })}: </span>
        <code data-testid="invited-link" className="rounded bg-surface px-2 py-1 font-mono break-all text-fg select-all">
          {url}
        </code>
        <Button variant="secondary" onClick={() => void copy()}>
          {t("links.copy")}
        </Button>
        <span aria-live="polite" className="text-xs">
          {copied === null ? null : t(copied ? "links.copied" : "links.copy_failed")}
        </span>
      </p>
      {link.mail ? (
        <p className="mt-2" data-testid="link-mail">
          {link.mail.sent ? t("links.mail_sent", { email: link.email }) : t("links.mail_failed", { reason: link.mail.reason })}
        </p>
      ) : null}
    </Alert>
  );
}

/** Turn a member's two-factor off (a lost phone and lost recovery codes), behind a confirmation. */
function ResetTwoFactor({ member, onNotice, onStepUp }: { member: TeamMember; onNotice: Notice; onStepUp: OnStepUp }) {
  const t = useT();
  const reset = async () => {
    const result = await callAction(resetMemberTwoFactorAction, { userId: member.id }, t);
    if (!result.ok && needsCode(result.error)) return onStepUp(() => void reset());
    onNotice(result.ok ? { tone: "success", text: t("team.two_factor_reset", { email: member.email }) } : { tone: "danger", text: result.error.message });
  };
  return (
    <ConfirmedAction
      variant="secondary"
      label={t("team.reset_two_factor")}
      ariaLabel={t("team.reset_two_factor_label", { email: member.email })}
      title={t("team.reset_two_factor_label", { email: member.email })}
      confirmLabel={t("team.reset_two_factor")}
      cancelLabel={t("common.cancel")}
      onConfirm={reset}
    >
      {t("team.reset_two_factor_confirm", { email: member.email })}
    </ConfirmedAction>
  );
}

/** Remove, behind a confirmation; it waits while the member's role change saves (and the other way round). */
function RemoveMember({ member, onNotice }: { member: TeamMember; onNotice: Notice }) {
  const t = useT();
  const transition = useTransition();
  const otherSaving = useRowSaving(member.id, "remove", transition[0]);
  const waitId = `remove-${member.id}-wait`;
  return (
    <>
      <ConfirmedAction
        label={t("team.remove")}
        ariaLabel={t("team.remove_label", { email: member.email })}
        disabled={otherSaving}
        describedBy={otherSaving ? waitId : undefined}
        title={t("team.remove_label", { email: member.email })}
        confirmLabel={t("team.remove")}
        cancelLabel={t("common.cancel")}
        transition={transition}
        onConfirm={async () => {
          const result: ActionResult = await callAction(removeMemberAction, { userId: member.id }, t);
          onNotice(result.ok ? { tone: "success", text: t("team.removed") } : { tone: "danger", text: result.error.message });
        }}
      >
        {t("team.remove_confirm", { email: member.email })}
      </ConfirmedAction>
      {otherSaving ? (
        <span id={waitId} className="ml-2 text-xs text-muted">
          {t("team.wait_for_role")}
        </span>
      ) : null}
    </>
  );
}

function InviteForm() {
  const t = useT();
  const [created, setCreated] = useState<ShownLink | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  // Inviting an owner asks for a fresh code: the prompt sends the same invite again once it is given.
  const [stepUp, setStepUp] = useState(false);
  const form = useForm<InviteMember>({ resolver: inviteResolver, defaultValues: { email: "", name: "", role: "support" } });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    setFormError(null);
    setCreated(null);
    setStepUp(false);
    const result = await callAction(inviteMemberAction, values, t);
    if (result.ok) {
      setCreated(result.data);
      form.reset({ email: "", name: "", role: values.role });
      return;
    }
    if (needsCode(result.error)) return setStepUp(true);
    // Each server error goes to its field; the rest to the form.
    if (applyServerErrors(form.setError, result.error.fieldErrors, fieldsNamed("email", "name", "role")).placed === 0) setFormError(result.error.message);
  });

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4 rounded-lg border border-border p-4" aria-labelledby="invite-title">
      <h3 id="invite-title" className="font-semibold">
        {t("team.invite")}
      </h3>
      {created ? <IssuedLinkNotice link={created} intro={t("team.invited")} /> : null}
      {formError ? (
        <Alert tone="danger" live>
          {formError}
        </Alert>
      ) : null}
      <div className="grid gap-4 sm:grid-cols-3">
        <Field id="invite-email" label={t("team.email")} error={errors.email} required>
          <Input type="email" autoComplete="off" {...form.register("email")} />
        </Field>
        <Field id="invite-name" label={t("team.name")} error={errors.name}>
          <Input autoComplete="off" {...form.register("name")} />
        </Field>
        <Field id="invite-role" label={t("team.role")} error={errors.role} required>
          <Select {...form.register("role")}>
            <RoleOptions />
          </Select>
        </Field>
      </div>
      {stepUp ? <StepUpPrompt onConfirmed={() => void onSubmit()} onCancel={() => setStepUp(false)} /> : null}
      <Button type="submit" disabled={isSubmitting || stepUp}>
        {isSubmitting ? t("common.saving") : t("team.invite_submit")}
      </Button>
    </form>
  );
}

/** The roles, named in the viewer's language, as a select's options. */
function RoleOptions() {
  const t = useT();
  return ROLES.map((option) => (
    <option key={option} value={option}>
      {t(`role.${option}`)}
    </option>
  ));
}
