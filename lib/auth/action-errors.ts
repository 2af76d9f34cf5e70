import "server-only";
import { PlatformApiError } from "@/lib/api/errors";
import { DashboardError } from "@/lib/core/actions/errors";
import type { ServerActionError } from "@/lib/core/actions/result";
import type { Translate } from "@/lib/i18n/translate";
import { log } from "@/lib/core/log.mjs";

/** The user-facing text of a platform failure: the platform's own (localized) message where it has one. */
export function platformMessage(error: PlatformApiError, t: Translate): string {
  switch (error.code) {
    case "not_configured":
      return t("platform.not_configured");
    case "undecryptable":
      return t("platform.undecryptable");
    case "key_for_other_address":
      return t("platform.key_for_other_address");
    case "network_error":
    case "timeout":
      return t("platform.unreachable");
    case "platform_unavailable":
      return t("platform.unavailable", { seconds: error.retryAfter ?? 1 });
    case "rate_limited":
      return t("platform.rate_limited", { seconds: error.retryAfter ?? 60 });
    case "bad_response":
      return t("platform.bad_response");
  }
  if (error.status === 401) return t("platform.unauthorized");
  if (error.status === 402) return t("platform.pro_required");
  if (error.status >= 500) return t("platform.server_error", { status: error.status });
  return error.message || t("platform.error_status", { status: error.status });
}

/** Maps whatever a service threw to the typed answer; unknown errors are logged (never with secrets) and answered opaquely. */
export function toActionError(error: unknown, t: Translate): ServerActionError {
  if (error instanceof DashboardError) {
    const message = t(error.code, error.params);
    return { kind: error.field ? "validation" : "conflict", code: error.code, message, fieldErrors: error.field ? { [error.field]: [message] } : {} };
  }
  if (error instanceof PlatformApiError) {
    return {
      kind: error.status === 429 ? "rate_limited" : error.status === 404 ? "not_found" : "platform",
      code: error.code,
      status: error.status,
      message: platformMessage(error, t),
      fieldErrors: error.fieldErrors,
      ...(error.retryAfter !== null ? { retryAfter: error.retryAfter } : {}),
    };
  }
  log.error("dashboard action failed", { error });
  return { kind: "server", message: t("errors.unexpected"), fieldErrors: {} };
}
