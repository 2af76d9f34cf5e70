import type { SettingsView } from "@/lib/features/settings/load-settings";
import { Alert } from "@/components/ui/alert";
import { CacheStamp } from "@/components/shell/cache-stamp";

/** Whether the platform answers with the stored connection: its account and when that was fetched, or why not. */
export function ConnectionStatus({ status }: { status: SettingsView["status"] }) {
  return (
    <div data-testid="connection-status">
      {status.ok ? (
        <>
          <Alert tone="success">{status.text}</Alert>
          <CacheStamp freshness={status.freshness} minutes={status.minutes} />
        </>
      ) : (
        <Alert tone="warning">{status.text}</Alert>
      )}
    </div>
  );
}
