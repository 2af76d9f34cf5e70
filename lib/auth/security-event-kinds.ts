/**
 * The events of the security log (dashboard.security_events.kind). A module of its own, without imports, so that
 * the log page's URL parsers can name them in the browser without bringing the database schema along.
 */
export const SECURITY_EVENT_KINDS = [
  "sign_in",
  "sign_in_failed",
  "sign_in_throttled",
  "sign_in_unlocked",
  "signed_out",
  "session_ended",
  "sessions_ended_others",
  "sessions_ended_all",
  "member_invited",
  "role_changed",
  "member_removed",
  "password_changed",
  "link_created",
  "link_used",
  "link_refused",
  "two_factor_enrolled",
  "two_factor_disabled",
  "two_factor_failed",
  "recovery_code_used",
  "recovery_codes_renewed",
  "step_up",
  "security_settings_changed",
  "security_log_pruned",
] as const;
