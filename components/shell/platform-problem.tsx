import Link from "next/link";
import type { ActionError } from "@/lib/core/actions/result";
import { isConnectionProblem } from "@/lib/api/errors";
import { isOutage } from "@/lib/api/outage";
import type { Translate } from "@/lib/i18n/translate";
import { Alert } from "@/components/ui/alert";
import { RetryButton } from "./retry-button";
import { AnnouncePlatformStatus } from "./announce-platform-status";

/** A page whose data the platform could not give: what happened, who can fix it, and a retry. */
export function PlatformProblem({ error, canConfigure, t }: { error: ActionError; canConfigure: boolean; t: Translate }) {
  const setup = isConnectionProblem(error.code);
  return (
    <Alert tone={setup ? "warning" : "danger"} title={setup ? t("platform.not_configured") : error.message} live>
      <div className="space-y-3">
        {setup ? (
          <p>
            {error.code !== "not_configured" ? `${error.message} ` : null}
            {canConfigure ? (
              <Link className="underline" href="/settings">
                {t("platform.not_configured_owner")}
              </Link>
            ) : (
              t("platform.not_configured_other")
            )}
          </p>
        ) : null}
        {/* No answer: the shell's banner says since when (components/shell/platform-outage.tsx). */}
        {isOutage(error) ? <AnnouncePlatformStatus /> : null}
        <RetryButton />
      </div>
    </Alert>
  );
}
