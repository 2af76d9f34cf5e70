import { requireUser } from "@/lib/auth/session";
import { can } from "@/lib/auth/permissions";
import { getDb } from "@/lib/db/client";
import { loadFromPlatform } from "@/lib/dashboard/platform";
import { loadContactAccounts } from "@/lib/ledger/read-ledger";
import { getTranslator } from "@/lib/i18n/server";
import { PermissionNote } from "@/components/permission-note";
import { LedgerPanel } from "./ledger-panel";

/**
 * The ledger panel of a contact, loaded on the server (the first paint has the
 * balances; the browser refreshes them after each operation). Loading it records
 * that the viewer opened the contact, which decides whose activity they see.
 */
export async function LedgerSection({ contactId }: { contactId: number }) {
  const [user, t] = await Promise.all([requireUser(), getTranslator()]);
  if (!can(user.role, "accounts.read")) return <PermissionNote permission="accounts.read" role={user.role} t={t} allowedText="" />;
  const db = await getDb();
  const result = await loadFromPlatform((api) => loadContactAccounts(db, api, user.id, contactId));
  return <LedgerPanel contactId={contactId} initialAccounts={result.ok ? result.data : null} initialError={result.ok ? null : result.error} />;
}
