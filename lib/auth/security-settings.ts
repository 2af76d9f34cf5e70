import { eq, sql } from "drizzle-orm";
import type { Db } from "@/lib/db/client";
import { securitySettings } from "@/lib/db/schema";

/**
 * The team's security rules (dashboard.security_settings, one row; none yet means the defaults): two-factor
 * required for every member, and per currency the amount (minor units) above which a money action needs a fresh code.
 */
export interface SecuritySettings {
  requireTwoFactor: boolean;
  /** Currency → minor units, e.g. {RUB: 100000n}. */
  stepUpThresholds: Record<string, bigint>;
}

const ROW_ID = 1;
const CURRENCY = /^[A-Z]{3}$/;
const MINOR = /^\d{1,30}$/;

/** The stored thresholds, read tolerantly: an entry that is not a currency and a whole number of minor units is ignored. */
function parseThresholds(stored: unknown): Record<string, bigint> {
  const out: Record<string, bigint> = {};
  if (!stored || typeof stored !== "object") return out;
  for (const [currency, minor] of Object.entries(stored as Record<string, unknown>)) {
    if (CURRENCY.test(currency) && typeof minor === "string" && MINOR.test(minor)) out[currency] = BigInt(minor);
  }
  return out;
}

export async function readSecuritySettings(db: Db): Promise<SecuritySettings> {
  const [row] = await db
    .select({ requireTwoFactor: securitySettings.requireTwoFactor, stepUpThresholds: securitySettings.stepUpThresholds })
    .from(securitySettings)
    .where(eq(securitySettings.id, ROW_ID));
  return { requireTwoFactor: row?.requireTwoFactor ?? false, stepUpThresholds: parseThresholds(row?.stepUpThresholds) };
}

/** Saves the rules (the row is made on first save). */
export async function saveSecuritySettings(db: Db, settings: SecuritySettings, userId: number | null): Promise<void> {
  const thresholds = Object.fromEntries(Object.entries(settings.stepUpThresholds).map(([currency, minor]) => [currency, minor.toString()]));
  const values = { requireTwoFactor: settings.requireTwoFactor, stepUpThresholds: thresholds, updatedByUserId: userId, updatedAt: sql`now()` };
  await db
    .insert(securitySettings)
    .values({ id: ROW_ID, ...values })
    .onConflictDoUpdate({ target: securitySettings.id, set: values });
}

/** The currencies whose amount is above their threshold (none: no fresh code needed). */
export function amountsAboveThreshold(settings: SecuritySettings, amounts: { currency: string; minor: bigint }[]): string[] {
  const totals = new Map<string, bigint>();
  for (const { currency, minor } of amounts) totals.set(currency, (totals.get(currency) ?? 0n) + (minor < 0n ? -minor : minor));
  return [...totals]
    .filter(([currency, minor]) => settings.stepUpThresholds[currency] !== undefined && minor > settings.stepUpThresholds[currency])
    .map(([c]) => c);
}
