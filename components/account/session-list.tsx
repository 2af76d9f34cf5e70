"use client";

import { useMemo, useState, useTransition, type TransitionStartFunction } from "react";
import { useRouter } from "next/navigation";
import type { ColumnDef } from "@tanstack/react-table";
import { useT } from "@/components/shell/i18n-provider";
import { Notice } from "@/components/ui/alert";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { DataTable } from "@/components/ui/data-table";
import { ConfirmedAction } from "@/components/ui/confirmed-action";
import { endAllSessionsAction, endMemberSessionAction, endOtherSessionsAction, endSessionAction } from "@/lib/features/account/actions";
import { callAction } from "@/lib/core/actions/call-action";
import type { SessionRowView } from "@/lib/features/account/session-row";

/** A session row; in the team's list, with whose session it is. */
type SessionRow = SessionRowView & { member?: { id: number; label: string } };

type Notify = (notice: { tone: "success" | "danger"; text: string }) => void;

/**
 * Live sessions. One's own (`team` false): end any other one, all others, or every one (this browser included).
 * The team's (for owners): whose each is, and end any of them.
 */
export function SessionList({ sessions, team = false }: { sessions: SessionRow[]; team?: boolean }) {
  const t = useT();
  const [notice, setNotice] = useState<{ tone: "success" | "danger"; text: string } | null>(null);
  const [pending, startTransition] = useTransition();
  const others = sessions.filter((session) => !session.current).length;
  const columns = useMemo<ColumnDef<SessionRow>[]>(
    () => [
      ...(team ? [{ id: "member", header: t("sessions.member"), cell: ({ row }) => row.original.member?.label } satisfies ColumnDef<SessionRow>] : []),
      {
        id: "device",
        header: t("sessions.device"),
        cell: ({ row }) => (
          <>
            {row.original.device}
            {row.original.current ? (
              <span className="ml-2">
                <Badge>{t("sessions.this_device")}</Badge>
              </span>
            ) : null}
          </>
        ),
      },
      { id: "address", header: t("sessions.address"), cell: ({ row }) => row.original.address },
      { id: "signedIn", header: t("sessions.signed_in"), cell: ({ row }) => row.original.signedIn },
      { id: "lastSeen", header: t("sessions.last_seen"), cell: ({ row }) => row.original.lastSeen },
      { id: "actions", header: t("sessions.actions"), cell: ({ row }) => <EndSession session={row.original} onNotice={setNotice} /> },
    ],
    [t, team],
  );
  return (
    <div className="space-y-4">
      <Notice notice={notice} />
      <DataTable
        columns={columns}
        data={sessions}
        getRowId={(session) => session.id}
        caption={t("sessions.title")}
        rowProps={(session) => ({ "data-testid": team ? "session-member" : session.current ? "session-current" : "session-other" })}
      />
      {team ? (
        sessions.length === 0 ? (
          <p className="text-sm text-muted">{t("sessions.team_none")}</p>
        ) : null
      ) : (
        <OwnSessionActions others={others} pending={pending} startTransition={startTransition} onNotice={setNotice} />
      )}
    </div>
  );
}

/** Sign out every other session, or every one; the latter after a confirmation, then the sign-in page. */
function OwnSessionActions({
  others,
  pending,
  startTransition,
  onNotice,
}: {
  others: number;
  pending: boolean;
  startTransition: TransitionStartFunction;
  onNotice: Notify;
}) {
  const t = useT();
  const router = useRouter();
  return (
    <div className="flex flex-wrap items-center gap-3">
      <Button
        variant="secondary"
        disabled={pending || others === 0}
        aria-describedby={others === 0 ? "sessions-no-others" : undefined}
        onClick={() =>
          startTransition(async () => {
            const result = await callAction(endOtherSessionsAction, {}, t);
            onNotice(
              result.ok ? { tone: "success", text: t("sessions.others_ended", { count: result.data.ended }) } : { tone: "danger", text: result.error.message },
            );
            router.refresh();
          })
        }
      >
        {t("sessions.end_others")}
      </Button>
      {others === 0 ? (
        <span id="sessions-no-others" className="text-xs text-muted">
          {t("sessions.no_others")}
        </span>
      ) : null}
      <ConfirmedAction
        label={t("sessions.end_all")}
        title={t("sessions.end_all")}
        confirmLabel={t("sessions.end_all")}
        cancelLabel={t("common.cancel")}
        transition={[pending, startTransition]}
        onConfirm={async () => {
          const result = await callAction(endAllSessionsAction, {}, t);
          if (!result.ok) return onNotice({ tone: "danger", text: result.error.message });
          router.replace("/login");
          router.refresh();
        }}
      >
        {t("sessions.end_all_confirm")}
      </ConfirmedAction>
    </div>
  );
}

/** Sign out one other session; this browser's own row says how to end it instead. */
function EndSession({ session, onNotice }: { session: SessionRow; onNotice: Notify }) {
  const t = useT();
  const router = useRouter();
  const [pending, startTransition] = useTransition();
  if (session.current) return <span className="text-xs text-muted">{t("sessions.end_current_hint")}</span>;
  return (
    <Button
      variant="secondary"
      aria-label={t("sessions.end_label", { device: session.member ? `${session.member.label}, ${session.device}` : session.device, when: session.lastSeen })}
      disabled={pending}
      onClick={() =>
        startTransition(async () => {
          const result = session.member
            ? await callAction(endMemberSessionAction, { userId: session.member.id, sessionId: session.id }, t)
            : await callAction(endSessionAction, { sessionId: session.id }, t);
          onNotice(result.ok ? { tone: "success", text: t("sessions.ended") } : { tone: "danger", text: result.error.message });
          router.refresh();
        })
      }
    >
      {t("sessions.end")}
    </Button>
  );
}
