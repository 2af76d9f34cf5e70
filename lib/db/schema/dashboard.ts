import { pgSchema, bigserial, bigint, integer, smallint, text, varchar, timestamp, uniqueIndex } from "drizzle-orm/pg-core";

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
    createdAt: tz("created_at").notNull().defaultNow(),
    updatedAt: tz("updated_at").notNull().defaultNow(),
  },
  (t) => [uniqueIndex("users_email_uq").on(t.email)],
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
  updatedAt: tz("updated_at").notNull().defaultNow(),
});
