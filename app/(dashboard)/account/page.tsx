import type { Metadata } from "next";
import { userAgentFromString } from "next/server";
import { requireUser } from "@/lib/auth/session";
import { listSessions } from "@/lib/auth/sessions";
import { getDb } from "@/lib/db/client";
import { formatTimestamp } from "@/lib/dashboard/format";
import { getLocale, getTimeZone, getTranslator } from "@/lib/i18n/server";
import { Card, PageHeader } from "@/components/ui/card";
import { SessionList, type SessionRow } from "@/components/account/session-list";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslator())("account.title") };
}

/** The signed-in user's own account: where they are signed in, with a way to end each session. */
export default async function AccountPage() {
  const [user, t, locale, timeZone] = await Promise.all([requireUser(), getTranslator(), getLocale(), getTimeZone()]);
  const sessions = await listSessions(await getDb(), user.id);
  const rows: SessionRow[] = sessions.map((session) => {
    const agent = userAgentFromString(session.userAgent);
    const device =
      agent.browser.name || agent.os.name
        ? t("sessions.device_label", { browser: agent.browser.name ?? "?", os: [agent.os.name, agent.os.version].filter(Boolean).join(" ") || "?" })
        : t("sessions.unknown_device");
    return {
      id: session.id,
      device,
      address: session.address,
      signedIn: formatTimestamp(session.createdAt.toISOString(), locale, timeZone),
      lastSeen: formatTimestamp(session.lastSeenAt.toISOString(), locale, timeZone),
      current: session.id === user.sessionId,
    };
  });
  return (
    <>
      <PageHeader title={t("account.title")}>{user.email}</PageHeader>
      <Card title={t("sessions.title")} description={t("sessions.description")} titleId="sessions-title">
        <SessionList sessions={rows} />
      </Card>
    </>
  );
}
