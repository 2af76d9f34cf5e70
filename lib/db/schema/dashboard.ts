import { sql } from "drizzle-orm";
import {
  pgSchema,
  bigserial,
  bigint,
  boolean,
  integer,
  smallint,
  text,
  varchar,
  timestamp,
  uniqueIndex,
  index,
  check,
  jsonb,
  uuid,
  primaryKey,
} from "drizzle-orm/pg-core";

/** Tables of the admin dashboard live in the Postgres schema `dashboard`. */
export const dashboard = pgSchema("dashboard");

const tz = (name: string) => timestamp(name, { withTimezone: true, mode: "date" });

export const users = dashboard.table(
  "users",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    email: varchar("email", { length: 255 }).notNull(),
    name: varchar("name", { length: 255 }).notNull().default(""),
    role: varchar("role", { length: 16 }).notNull(),
    passwordHash: varchar("password_hash", { length: 255 }).notNull(),
    /** Raised when the password is reset: sessions signed for an older version end at once. */
    sessionVersion: integer("session_version").notNull().default(0),
    /** An invited member has no password of their own until they open their one-time link; until then sign-in refuses. */
    passwordSet: boolean("password_set").notNull().default(true),
    /** The TOTP secret, encrypted (AES-256-GCM with the dashboard's key, like the platform key); null: not enrolled. */
    totpSecretEncrypted: text("totp_secret_encrypted"),
    /** Set when enrolment was confirmed with a typed code; until then the secret is pending and not asked at sign-in. */
    totpEnrolledAt: tz("totp_enrolled_at"),
    /** The last TOTP time step accepted: a code of this step or an earlier one is refused (no replay). */
    totpLastStep: bigint("totp_last_step", { mode: "number" }),
    createdAt: tz("created_at").notNull().defaultNow(),
    updatedAt: tz("updated_at").notNull().defaultNow(),
  },
  (t) => [uniqueIndex("users_email_uq").on(t.email)],
);

/**
 * Invite and reset links: one row per link, the token only as its SHA-256 (the link is shown once). A link is used by one
 * conditional UPDATE (unused, unexpired), so two tabs cannot both use it; it goes with its member (ON DELETE CASCADE).
 */
export const oneTimeLinks = dashboard.table(
  "one_time_links",
  {
    id: uuid("id").primaryKey(),
    tokenHash: varchar("token_hash", { length: 64 }).notNull(),
    userId: bigint("user_id", { mode: "number" })
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** invite or reset. */
    purpose: varchar("purpose", { length: 16 }).notNull(),
    /** The owner who made it; null when the operator CLI made it. */
    createdByUserId: bigint("created_by_user_id", { mode: "number" }),
    createdAt: tz("created_at").notNull().defaultNow(),
    expiresAt: tz("expires_at").notNull(),
    usedAt: tz("used_at"),
  },
  (t) => [
    uniqueIndex("one_time_links_token_uq").on(t.tokenHash),
    index("one_time_links_user_idx").on(t.userId),
    check("one_time_links_purpose_ck", sql`${t.purpose} IN ('invite', 'reset')`),
  ],
);

/** Ten per member, shown once at enrolment, stored as SHA-256; each works once instead of a TOTP code. */
export const recoveryCodes = dashboard.table(
  "recovery_codes",
  {
    userId: bigint("user_id", { mode: "number" })
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    codeHash: varchar("code_hash", { length: 64 }).notNull(),
    usedAt: tz("used_at"),
  },
  (t) => [primaryKey({ columns: [t.userId, t.codeHash] })],
);

/**
 * The team's security rules, one row (id = 1), set by owners: two-factor required for every member, and the amounts
 * above which a money action asks for a fresh code ({"RUB": "100000"}, minor units as strings, per currency).
 */
export const securitySettings = dashboard.table(
  "security_settings",
  {
    id: smallint("id").primaryKey(),
    requireTwoFactor: boolean("require_two_factor").notNull().default(false),
    stepUpThresholds: jsonb("step_up_thresholds").$type<Record<string, string>>().notNull().default({}),
    /** How long the security log keeps an entry: younger ones cannot be deleted (lib/auth/security-log-retention.ts). */
    securityLogRetentionDays: integer("security_log_retention_days").notNull().default(400),
    updatedByUserId: bigint("updated_by_user_id", { mode: "number" }),
    updatedAt: tz("updated_at").notNull().defaultNow(),
  },
  (t) => [check("security_settings_retention_ck", sql`${t.securityLogRetentionDays} BETWEEN 30 AND 3650`)],
);

/**
 * One row per sign-in (a browser's session). The JWT in the cookie names its row (`sid`); a request is signed in only
 * while the row is live: not ended, not expired, and issued for the user's current session version (moving the version
 * ends every session of the user at once; ending one row ends that session alone). Address and user agent are what the
 * browser sent at sign-in; last_seen_at moves at most once a minute.
 */
export const sessions = dashboard.table(
  "sessions",
  {
    id: uuid("id").primaryKey(),
    userId: bigint("user_id", { mode: "number" })
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: tz("created_at").notNull().defaultNow(),
    lastSeenAt: tz("last_seen_at").notNull().defaultNow(),
    expiresAt: tz("expires_at").notNull(),
    /** users.session_version when the session began. */
    sessionVersion: integer("session_version").notNull(),
    address: varchar("address", { length: 64 }).notNull(),
    userAgent: varchar("user_agent", { length: 512 }).notNull().default(""),
    endedAt: tz("ended_at"),
    /** signed_out, ended (by its user or an owner), others_ended, password_changed. */
    endedReason: varchar("ended_reason", { length: 32 }),
    /** A fresh second factor was given in this session (a money action above the threshold) until this time. */
    stepUpUntil: tz("step_up_until"),
  },
  (t) => [
    index("sessions_user_live_idx")
      .on(t.userId, t.lastSeenAt)
      .where(sql`${t.endedAt} IS NULL`),
  ],
);

/**
 * Failed sign-ins counted per scope (`account:<email>` and `ip:<address>`) in a
 * window; every instance shares them, so throttling holds behind a load balancer.
 */
export const signInThrottles = dashboard.table("sign_in_throttles", {
  scope: varchar("scope", { length: 320 }).primaryKey(),
  failures: integer("failures").notNull().default(0),
  windowStartedAt: tz("window_started_at").notNull().defaultNow(),
  lockedUntil: tz("locked_until"),
  updatedAt: tz("updated_at").notNull().defaultNow(),
});

/**
 * The platform connection entered by an owner in Settings: one row (id = 1).
 * The API key is stored only encrypted (AES-256-GCM); `api_key_last4` is what Settings shows.
 * A null base URL means the embedded platform over loopback.
 */
export const platformConnections = dashboard.table("platform_connections", {
  id: smallint("id").primaryKey(),
  baseUrl: text("base_url"),
  apiKeyEncrypted: text("api_key_encrypted").notNull(),
  apiKeyLast4: varchar("api_key_last4", { length: 4 }).notNull(),
  updatedByUserId: bigint("updated_by_user_id", { mode: "number" }),
  updatedAt: tz("updated_at").notNull().defaultNow(),
});

/**
 * The shared request budget per API key (by its SHA-256, never the key), paced by
 * the platform's X-RateLimit-Remaining and Retry-After, so every dashboard instance
 * spends one key's allowance together.
 */
export const requestBudgets = dashboard.table("request_budgets", {
  keyHash: varchar("key_hash", { length: 64 }).primaryKey(),
  /** X-RateLimit-Limit as last seen; null until a response carried it. */
  limitPerWindow: integer("limit_per_window"),
  /** Requests left in the platform's window as last seen, minus requests granted since; null: unknown. */
  remaining: integer("remaining"),
  /** When the platform's window is expected to refill (estimated, or exact after a 429). */
  windowResetAt: tz("window_reset_at"),
  /** After a 429: nobody sends before this time. */
  pausedUntil: tz("paused_until"),
  /** The platform's X-RateLimit-Reset of the window `remaining` counts in; null: unknown (or the platform sends none). */
  windowId: bigint("window_id", { mode: "number" }),
  /** The latest X-RateLimit-Reset seen: an answer from an older window says nothing about the current one. */
  latestWindowId: bigint("latest_window_id", { mode: "number" }),
  /** Grants not yet answered, [{seq, at}] (at: epoch ms), so that a window that refills counts the requests still on their way. */
  inFlight: jsonb("in_flight").$type<{ seq: number; at: number }[]>().notNull().default([]),
  /** The grant that probes a window whose count is unknown (only one goes until it is answered). */
  probeSeq: bigint("probe_seq", { mode: "number" }),
  /** Grants so far; each grant's number comes back with its answer. */
  seq: bigint("seq", { mode: "number" }).notNull().default(0),
  updatedAt: tz("updated_at").notNull().defaultNow(),
});

/**
 * What the dashboard read from the platform that rarely changes (getMe, list
 * schemas), shared by every user and instance: one row per API key (its
 * SHA-256 hash, never the key) and entry name, the value exactly as the
 * client's zod schemas produced it (lib/api/cache.ts).
 */
export const platformCache = dashboard.table(
  "platform_cache",
  {
    keyHash: varchar("key_hash", { length: 64 }).notNull(),
    name: varchar("name", { length: 255 }).notNull(),
    /** Null: dropped by a write here (so that a read that started before it cannot put an older value back). */
    value: jsonb("value"),
    /** When the value was fetched (or dropped), by the database's clock. */
    fetchedAt: tz("fetched_at").notNull(),
  },
  (table) => [primaryKey({ columns: [table.keyHash, table.name] })],
);

/**
 * What a member's money actions in flight will move, reserved by the step-up check before the work (one row per request
 * and currency): the rolling hour counts them until the request's audit entry (same key) or its confirmed batch does,
 * so requests sent at once are held to the threshold together. Pruned after two hours.
 */
export const stepUpReservations = dashboard.table(
  "step_up_reservations",
  {
    /** `ledger:<idempotency key>` or `batch:<batch id>`. */
    key: varchar("key", { length: 80 }).notNull(),
    currency: varchar("currency", { length: 3 }).notNull(),
    /** Minor units moved (top-ups and debits alike), as digits. */
    minor: varchar("minor", { length: 40 }).notNull(),
    userId: bigint("user_id", { mode: "number" }).notNull(),
    createdAt: tz("created_at").notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.key, t.currency] }), index("step_up_reservations_user_idx").on(t.userId, t.createdAt)],
);

/**
 * Balance operations of the ledger panel, one row per submission key: the intent
 * is written (pending) before the platform is called and the outcome after, so a
 * repeat with the same key (a double click, a resubmitted form, a retry after a
 * network drop) reads the first outcome instead of calling the platform again.
 */
export const idempotencyKeys = dashboard.table(
  "idempotency_keys",
  {
    key: uuid("key").primaryKey(),
    userId: bigint("user_id", { mode: "number" }).notNull(),
    /** open, top_up, debit or delete. */
    operation: varchar("operation", { length: 16 }).notNull(),
    /** SHA-256 of the request (operation, contact, account, currency, amount, description): another request under the key is refused. */
    fingerprint: varchar("fingerprint", { length: 64 }).notNull(),
    status: varchar("status", { length: 16 }).notNull().default("pending"),
    /** What the first submission answered, replayed to every repeat. */
    outcome: jsonb("outcome"),
    createdAt: tz("created_at").notNull().defaultNow(),
    completedAt: tz("completed_at"),
  },
  (t) => [check("idempotency_keys_status_ck", sql`${t.status} IN ('pending', 'succeeded', 'failed', 'unknown')`)],
);

/**
 * The audit trail of balance operations made through the dashboard. Insert-only:
 * a trigger (lib/db/custom/audit_entries_insert_only.sql) refuses UPDATE, DELETE
 * and TRUNCATE. Who is a snapshot (email, name, role) so that an entry stays
 * readable after the member is removed; there is no foreign key for the same reason.
 */
export const auditEntries = dashboard.table(
  "audit_entries",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    createdAt: tz("created_at").notNull().defaultNow(),
    userId: bigint("user_id", { mode: "number" }).notNull(),
    userEmail: varchar("user_email", { length: 255 }).notNull(),
    userName: varchar("user_name", { length: 255 }).notNull().default(""),
    userRole: varchar("user_role", { length: 16 }).notNull(),
    contactId: bigint("contact_id", { mode: "number" }).notNull(),
    /** The contact's name when the entry was written (from contact_names); null when the dashboard had not seen it. */
    contactName: varchar("contact_name", { length: 255 }),
    /** Null when opening an account failed. */
    accountId: bigint("account_id", { mode: "number" }),
    currency: varchar("currency", { length: 3 }),
    /** open, top_up, debit or delete. */
    kind: varchar("kind", { length: 16 }).notNull(),
    /** Minor units (top-ups and debits). */
    amount: bigint("amount", { mode: "bigint" }),
    description: text("description"),
    /** succeeded, failed (the platform refused; nothing changed) or unknown (no answer: check the balance). */
    outcome: varchar("outcome", { length: 16 }).notNull(),
    /** The platform's code of a refusal (insufficient_funds, account_blocked, …). */
    errorCode: varchar("error_code", { length: 64 }),
    balanceAfter: bigint("balance_after", { mode: "bigint" }),
    /** Sent to the platform as X-Request-Id, so an entry can be found in its logs. */
    requestId: varchar("request_id", { length: 64 }),
    idempotencyKey: uuid("idempotency_key"),
    /** Set on the entry that settles an earlier unknown one after reading the journal. */
    reconcilesEntryId: bigint("reconciles_entry_id", { mode: "number" }),
    /** The bulk adjustment (adjustment_batches) and its row (the file's line) this operation was made for; null for single operations. */
    batchId: uuid("batch_id"),
    batchLine: integer("batch_line"),
  },
  (t) => [
    index("audit_entries_created_idx").on(t.createdAt, t.id),
    index("audit_entries_contact_idx").on(t.contactId, t.id),
    index("audit_entries_account_idx").on(t.accountId, t.id),
    index("audit_entries_user_idx").on(t.userId, t.id),
    index("audit_entries_batch_idx")
      .on(t.batchId, t.batchLine)
      .where(sql`${t.batchId} IS NOT NULL`),
    // One entry per submission; settling an unknown outcome adds one more, once.
    uniqueIndex("audit_entries_operation_uq")
      .on(t.idempotencyKey)
      .where(sql`${t.reconcilesEntryId} IS NULL`),
    uniqueIndex("audit_entries_reconciles_uq").on(t.reconcilesEntryId),
    check("audit_entries_kind_ck", sql`${t.kind} IN ('open', 'top_up', 'debit', 'delete')`),
    check("audit_entries_outcome_ck", sql`${t.outcome} IN ('succeeded', 'failed', 'unknown')`),
  ],
);

/**
 * What happened to the dashboard's own accounts: sign-ins and their failures, sessions ended, members invited,
 * re-roled or removed (and, as they come, password and two-factor changes). Insert-only like audit_entries
 * (lib/db/custom/security_events_insert_only.sql). Actor and subject are snapshots (id and email) without foreign
 * keys, so that an event stays readable after the member is removed. A failed sign-in names the email typed.
 * The kinds are a list in code (lib/auth/security-event-kinds.ts), not a CHECK: each part of account security adds its own.
 */

export const securityEvents = dashboard.table(
  "security_events",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    createdAt: tz("created_at").notNull().defaultNow(),
    kind: varchar("kind", { length: 32 }).notNull(),
    /** Who did it; null when nobody was signed in (a sign-in attempt). */
    actorUserId: bigint("actor_user_id", { mode: "number" }),
    actorEmail: varchar("actor_email", { length: 255 }),
    /** Whom it concerns (the member signed in, ended, removed …); the email typed for a failed sign-in. */
    subjectUserId: bigint("subject_user_id", { mode: "number" }),
    subjectEmail: varchar("subject_email", { length: 255 }),
    address: varchar("address", { length: 64 }).notNull(),
    userAgent: varchar("user_agent", { length: 512 }).notNull().default(""),
    /** What else the event needs: the new role, how many sessions ended, the reason a sign-in failed. */
    detail: jsonb("detail"),
  },
  (t) => [index("security_events_created_idx").on(t.createdAt, t.id), index("security_events_subject_idx").on(t.subjectUserId, t.id)],
);

/** Contacts a member has opened in the dashboard: members without activity.read_all see the activity of these (and their own). */
export const contactViews = dashboard.table(
  "contact_views",
  {
    userId: bigint("user_id", { mode: "number" }).notNull(),
    contactId: bigint("contact_id", { mode: "number" }).notNull(),
    firstViewedAt: tz("first_viewed_at").notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.contactId] }), index("contact_views_contact_idx").on(t.contactId)],
);

/**
 * The names of contacts the dashboard has shown (the contact page, the ledger
 * panel), so that Activity names contacts without asking the platform per row.
 */
export const contactNames = dashboard.table("contact_names", {
  contactId: bigint("contact_id", { mode: "number" }).primaryKey(),
  name: varchar("name", { length: 255 }).notNull(),
  seenAt: tz("seen_at").notNull().defaultNow(),
});

/** The contact browser's hidden columns, per member (remembered on every device they sign in on). */
export const contactBrowserSettings = dashboard.table("contact_browser_settings", {
  userId: bigint("user_id", { mode: "number" }).primaryKey(),
  hiddenColumns: jsonb("hidden_columns")
    .$type<string[]>()
    .notNull()
    .default(sql`'[]'::jsonb`),
  updatedAt: tz("updated_at").notNull().defaultNow(),
});

/**
 * Contact exports (lib/features/contacts/export): a job per file, run by the worker of any
 * instance that holds its lease. Each batch fetched from the platform is written
 * as one export_chunks row in the same transaction that advances next_offset and
 * rows_done, so a crash between batches neither loses nor repeats rows.
 */
export const exportJobs = dashboard.table(
  "export_jobs",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    /** csv or jsonl. */
    format: varchar("format", { length: 8 }).notNull(),
    /** A UTF-8 byte order mark at the start of a CSV file (for Excel). */
    bom: boolean("bom").notNull().default(false),
    /** What the browser showed (bot, from, to, tz) and what the platform is asked (bot_id, date_from, date_to). */
    filters: jsonb("filters").notNull(),
    /** queued, running, finished, failed or cancelled. */
    status: varchar("status", { length: 16 }).notNull().default("queued"),
    /** meta.total of the latest batch; null before the first. */
    total: bigint("total", { mode: "number" }),
    rowsDone: bigint("rows_done", { mode: "number" }).notNull().default(0),
    nextOffset: bigint("next_offset", { mode: "number" }).notNull().default(0),
    batchSize: integer("batch_size").notNull().default(1000),
    chunkCount: integer("chunk_count").notNull().default(0),
    /** UTF-8 bytes of the chunks (without the header and BOM). */
    bytesDone: bigint("bytes_done", { mode: "number" }).notNull().default(0),
    leaseOwner: varchar("lease_owner", { length: 160 }),
    leaseExpiresAt: tz("lease_expires_at"),
    heartbeatAt: tz("heartbeat_at"),
    /** rate_limit, budget_reserve or platform_unavailable while the worker waits; null when it runs. */
    waitReason: varchar("wait_reason", { length: 32 }),
    waitUntil: tz("wait_until"),
    waitCount: integer("wait_count").notNull().default(0),
    /** Consecutive transient failures (network, 5xx); reset by every written batch. */
    failures: integer("failures").notNull().default(0),
    errorCode: varchar("error_code", { length: 64 }),
    error: text("error"),
    createdBy: bigint("created_by", { mode: "number" }).notNull(),
    createdAt: tz("created_at").notNull().defaultNow(),
    startedAt: tz("started_at"),
    finishedAt: tz("finished_at"),
    /** 24 hours after the job ended; the worker's cleanup deletes the job and its chunks then. */
    expiresAt: tz("expires_at"),
  },
  (t) => [
    index("export_jobs_pending_idx").on(t.status, t.createdAt),
    index("export_jobs_created_by_idx").on(t.createdBy, t.id),
    index("export_jobs_expires_idx").on(t.expiresAt),
    check("export_jobs_status_ck", sql`${t.status} IN ('queued', 'running', 'finished', 'failed', 'cancelled')`),
    check("export_jobs_format_ck", sql`${t.format} IN ('csv', 'jsonl')`),
  ],
);

/** One platform batch of an export, serialised (CSV rows or JSON lines); seq orders the file. */
export const exportChunks = dashboard.table(
  "export_chunks",
  {
    jobId: bigint("job_id", { mode: "number" })
      .notNull()
      .references(() => exportJobs.id, { onDelete: "cascade" }),
    seq: integer("seq").notNull(),
    rows: integer("rows").notNull(),
    content: text("content").notNull(),
    /** The lease owner that wrote it (for tracing a resumed export). */
    writtenBy: varchar("written_by", { length: 160 }),
    createdAt: tz("created_at").notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.jobId, t.seq] })],
);

/**
 * Saved views of the contact browser: a member's named filter sets (lib/features/contacts/saved-views.ts).
 * `query` is the browser's query string as its URL serializer writes it (filters, order, page
 * size; never the page), so applying a view is opening `/contacts` + query. Names are unique per
 * member ignoring case; a member's views go with them.
 */
export const savedViews = dashboard.table(
  "saved_views",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    userId: bigint("user_id", { mode: "number" })
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    name: varchar("name", { length: 80 }).notNull(),
    query: varchar("query", { length: 4000 }).notNull(),
    createdAt: tz("created_at").notNull().defaultNow(),
    updatedAt: tz("updated_at").notNull().defaultNow(),
  },
  (t) => [uniqueIndex("saved_views_user_name_uq").on(t.userId, sql`lower(${t.name})`)],
);

/**
 * Bulk balance adjustments from a file (lib/features/adjustments): one row per uploaded
 * file. uploaded (cells stored, mapping needed) → validated (typed rows) →
 * checking (the dry run) → checked → running → finished | cancelled | failed.
 * The dry run and the run are phases of the adjustment worker, leased like
 * export jobs (lease_owner … wait_count, lib/core/jobs/lease.ts).
 */
export const adjustmentBatches = dashboard.table(
  "adjustment_batches",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    createdBy: bigint("created_by", { mode: "number" }).notNull(),
    fileName: varchar("file_name", { length: 255 }).notNull(),
    /** SHA-256 (hex) of the file's bytes: the same file uploaded again is found by it. */
    fileHash: varchar("file_hash", { length: 64 }).notNull(),
    delimiter: varchar("delimiter", { length: 1 }).notNull(),
    headers: text("headers").array().notNull(),
    /** ColumnMapping (lib/features/adjustments/types.ts); null until the columns are mapped. */
    mapping: jsonb("mapping"),
    status: varchar("status", { length: 16 }).notNull().default("uploaded"),
    rowCount: integer("row_count").notNull().default(0),
    validCount: integer("valid_count").notNull().default(0),
    invalidCount: integer("invalid_count").notNull().default(0),
    /** AdjustmentTotals with the sums as digit strings. */
    totals: jsonb("totals"),
    /** The dry run's summary (DryRunSummary); null before one finished. */
    dryRun: jsonb("dry_run"),
    dryRunDone: integer("dry_run_done").notNull().default(0),
    doneCount: integer("done_count").notNull().default(0),
    okCount: integer("ok_count").notNull().default(0),
    failedCount: integer("failed_count").notNull().default(0),
    unknownCount: integer("unknown_count").notNull().default(0),
    cancelledCount: integer("cancelled_count").notNull().default(0),
    leaseOwner: varchar("lease_owner", { length: 160 }),
    leaseExpiresAt: tz("lease_expires_at"),
    heartbeatAt: tz("heartbeat_at"),
    waitReason: varchar("wait_reason", { length: 32 }),
    waitUntil: tz("wait_until"),
    waitCount: integer("wait_count").notNull().default(0),
    failures: integer("failures").notNull().default(0),
    cancelRequested: boolean("cancel_requested").notNull().default(false),
    confirmedBy: bigint("confirmed_by", { mode: "number" }),
    /**
     * The session the run was confirmed in: ended by anything but its own sign-out, the run stops (worker.ts). Null
     * for a batch confirmed outside a signed-in session (scripts, tests) or before the column existed.
     */
    confirmedSessionId: uuid("confirmed_session_id"),
    confirmedAt: tz("confirmed_at"),
    errorCode: varchar("error_code", { length: 64 }),
    error: text("error"),
    createdAt: tz("created_at").notNull().defaultNow(),
    updatedAt: tz("updated_at").notNull().defaultNow(),
    validatedAt: tz("validated_at"),
    checkedAt: tz("checked_at"),
    startedAt: tz("started_at"),
    finishedAt: tz("finished_at"),
  },
  (t) => [
    index("adjustment_batches_claim_idx")
      .on(t.createdAt, t.id)
      .where(sql`${t.status} IN ('checking', 'running')`),
    index("adjustment_batches_hash_idx").on(t.fileHash, t.createdAt),
    index("adjustment_batches_created_idx").on(t.createdAt, t.id),
    check(
      "adjustment_batches_status_ck",
      sql`${t.status} IN ('uploaded', 'validated', 'checking', 'checked', 'running', 'finished', 'cancelled', 'failed', 'stopped')`,
    ),
  ],
);

/**
 * One line of an adjustment file: its raw cells, the typed row once validated
 * (or its problems), what the dry run found, and the run's outcome under the
 * row's idempotency key (derived from the batch id and the line).
 */
export const adjustmentRows = dashboard.table(
  "adjustment_rows",
  {
    batchId: uuid("batch_id")
      .notNull()
      .references(() => adjustmentBatches.id, { onDelete: "cascade" }),
    line: integer("line").notNull(),
    cells: text("cells").array().notNull(),
    contactId: bigint("contact_id", { mode: "number" }),
    currency: varchar("currency", { length: 3 }),
    /** top_up or debit. */
    kind: varchar("kind", { length: 8 }),
    amount: bigint("amount", { mode: "bigint" }),
    description: text("description"),
    /** RowProblem[] of an invalid row; null for a valid one. */
    problems: jsonb("problems"),
    dryAccountId: bigint("dry_account_id", { mode: "number" }),
    /** ok or refused (dry_code says why). */
    dryStatus: varchar("dry_status", { length: 16 }),
    dryCode: varchar("dry_code", { length: 64 }),
    dryBalanceAfter: bigint("dry_balance_after", { mode: "bigint" }),
    /** pending, sending, succeeded, failed, unknown or cancelled; null: not part of the run (invalid, or not confirmed yet). */
    runStatus: varchar("run_status", { length: 16 }),
    idempotencyKey: uuid("idempotency_key"),
    /** When the worker marked the row sending (its call may be in flight until sent_at + the in-flight deadline). */
    sentAt: tz("sent_at"),
    errorCode: varchar("error_code", { length: 64 }),
    errorParams: jsonb("error_params"),
    errorText: text("error_text"),
    balanceAfter: bigint("balance_after", { mode: "bigint" }),
    updatedAt: tz("updated_at").notNull().defaultNow(),
    finishedAt: tz("finished_at"),
  },
  (t) => [
    primaryKey({ columns: [t.batchId, t.line] }),
    index("adjustment_rows_status_idx").on(t.batchId, t.runStatus, t.line),
    check("adjustment_rows_kind_ck", sql`${t.kind} IN ('top_up', 'debit')`),
    check("adjustment_rows_dry_status_ck", sql`${t.dryStatus} IN ('ok', 'refused')`),
    check("adjustment_rows_run_status_ck", sql`${t.runStatus} IN ('pending', 'sending', 'succeeded', 'failed', 'unknown', 'cancelled')`),
  ],
);
