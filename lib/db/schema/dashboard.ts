import { pgSchema, bigserial, varchar, timestamp, uniqueIndex } from "drizzle-orm/pg-core";

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
    createdAt: tz("created_at").notNull().defaultNow(),
    updatedAt: tz("updated_at").notNull().defaultNow(),
  },
  (t) => [uniqueIndex("users_email_uq").on(t.email)],
);
