import "server-only";
import { CacheEntry, CacheTtlMs, defaultBaseUrl, describeConnection } from "@/lib/api";
import type { Role } from "@/lib/auth/permissions";
import { listUsers } from "@/lib/auth/users";
import { getDb } from "@/lib/db/client";
import { freshnessOf, type Freshness } from "@/lib/dashboard/freshness";
import { loadMe } from "@/lib/dashboard/load-me";
import { loadFromPlatform } from "@/lib/dashboard/platform";
import type { Translate } from "@/lib/i18n/translate";

/** A member as the team section lists them. */
export interface TeamMemberView {
  id: number;
  email: string;
  name: string;
  role: Role;
  /** Invited and has not used their link yet: no password of their own. */
  invited: boolean;
  /** Has two-factor on: an owner may turn it off for them (a lost phone). */
  twoFactorOn: boolean;
}

/**
 * What the connection's status says: the platform's account in words with when it was fetched, or why it could not
 * be read (the platform failed, or it answered only from a stale cache).
 */
type ConnectionStatusView = { ok: true; text: string; freshness: Freshness; minutes: number } | { ok: false; text: string };

/** What the Settings page shows to a member who manages the team or the settings. */
export interface SettingsView {
  team: TeamMemberView[];
  status: ConnectionStatusView;
  /** The environment variables that override what Settings stores (their names), in the order the notice lists them. */
  envVariables: string[];
  /** The connection form's values: locked while an environment variable overrides the stored connection. */
  connectionForm: { baseUrl: string; defaultUrl: string; keyLast4: string | null; locked: boolean };
}

/**
 * The Settings page's data: the team, the stored connection and the platform's account as it answers getMe, read
 * side by side.
 */
export async function loadSettings(t: Translate): Promise<SettingsView> {
  const db = await getDb();
  const [members, connection, status] = await Promise.all([listUsers(db), describeConnection(db), loadFromPlatform((api) => loadMe(api))]);
  const envVariables = [connection.baseUrlSource === "env" ? "PLATFORM_BASE_URL" : null, connection.keySource === "env" ? "PLATFORM_API_KEY" : null].filter(
    (name): name is string => Boolean(name),
  );
  return {
    team: members.map(({ id, email, name, role, passwordSet, twoFactorOn }) => ({ id, email, name, role, invited: !passwordSet, twoFactorOn })),
    status:
      status.ok && !status.data.stale
        ? {
            ok: true,
            text: t("connection.status_ok", { name: status.data.value.name ?? "", email: status.data.value.email ?? "", plan: status.data.value.plan ?? "" }),
            freshness: freshnessOf([{ name: CacheEntry.me, fetchedAt: status.data.fetchedAt }])!,
            minutes: CacheTtlMs.me / 60_000,
          }
        : { ok: false, text: t("connection.status_failed", { message: status.ok ? t("platform.unavailable", { seconds: 1 }) : status.error.message }) },
    envVariables,
    connectionForm: {
      baseUrl: connection.baseUrlSource === "stored" ? connection.baseUrl : "",
      defaultUrl: defaultBaseUrl(),
      keyLast4: connection.keyLast4,
      locked: envVariables.length > 0,
    },
  };
}
