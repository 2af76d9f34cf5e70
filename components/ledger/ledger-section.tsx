import { cache } from "react";
import { getCurrentUser, requireUser } from "@/lib/auth/session";
import { can } from "@/lib/auth/permissions";
import { getDb } from "@/lib/db/client";
import { loadFromPlatform } from "@/lib/dashboard/platform";
import { noteContactOpened, readContactAccounts } from "@/lib/features/ledger/read-ledger";
import { getTranslator } from "@/lib/i18n/server";
import { PermissionNote } from "@/components/shell/permission-note";
import { LedgerPanel } from "./ledger-panel";

/** The panel's platform read, once per render: a page can start it beside its own reads (preloadLedgerSection). */
const readAccounts = cache((contactId: number) => loadFromPlatform((api) => readContactAccounts(api, contactId)));

/**
 * Starts the panel's platform read now, when the viewer may read accounts, so that it runs beside the page's own
 * reads instead of after them; the panel then finds it done. Records nothing: the panel does that when it renders.
 */
export function preloadLedgerSection(contactId: number): void {
  getCurrentUser().then(
    (user) => {
      if (user && can(user.role, "accounts.read")) void readAccounts(contactId);
    },
    () => undefined,
  );
}

/**
 * The ledger panel of a contact, loaded on the server (the first paint has the
 * balances; the browser refreshes them after each operation). Loading it records
 * that the viewer opened the contact, which decides whose activity they see.
 */
export async function LedgerSection({ contactId }: { contactId: number }) {
  const [user, t] = await Promise.all([requireUser(), getTranslator()]);
  if (!can(user.role, "accounts.read")) return <PermissionNote permission="accounts.read" role={user.role} t={t} allowedText="" />;
  const db = await getDb();
  const read = await readAccounts(contactId);
  // Recorded once the accounts are read (after the page that shows the panel has remembered the contact's name).
  const result = read.ok
    ? await loadFromPlatform(async (api) => {
        await noteContactOpened(db, api, user.id, contactId);
        return read.data;
      })
    : read;
  return <LedgerPanel contactId={contactId} initialAccounts={result.ok ? result.data : null} initialError={result.ok ? null : result.error} />;
}
