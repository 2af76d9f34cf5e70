import { createHash, randomInt } from "node:crypto";
import { and, eq, isNotNull, isNull, or, lt, sql } from "drizzle-orm";
import { generateSecret, generateURI, verify } from "otplib";
import QRCode from "qrcode";
import type { Db, Tx } from "@/lib/db/client";
import { recoveryCodes, users } from "@/lib/db/schema";
import { decryptWithDashboardKey, encryptWithDashboardKey } from "@/lib/api/stored-connection";
import { DashboardError } from "@/lib/core/actions/errors";
import { endSessions } from "@/lib/auth/users";

/**
 * Time-based one-time codes (RFC 6238 as authenticator apps use it: SHA-1, 6 digits, 30 s) and the ten recovery
 * codes that stand in for them once each. The secret is stored AES-256-GCM encrypted with the dashboard's key, bound
 * to its member's row (a value copied to another member does not decrypt). A code is accepted one step either side of
 * now (a phone's clock a little off) and only once: its time step must be later than the last one accepted, and the
 * row is updated by one conditional UPDATE, so a replay — or the same code sent twice at once — is refused.
 */
const TOTP_PERIOD_SECONDS = 30;
/** ±1 time step: otplib checks the steps of [now − 30 s, now + 30 s]. */
const EPOCH_TOLERANCE_SECONDS = TOTP_PERIOD_SECONDS;
const RECOVERY_CODE_COUNT = 10;
const ISSUER = "Chatbot dashboard";

/** Readable, with nothing that looks alike (no 0/o, 1/l/i). */
const RECOVERY_ALPHABET = "abcdefghjkmnpqrstuvwxyz23456789";
const RECOVERY_LENGTH = 10;

export interface TotpOptions {
  /** The encryption key (tests pass their own); the dashboard's key by default. */
  key?: Buffer;
  /** Unix seconds; now by default. */
  epoch?: number;
}

const associatedData = (userId: number): string => `dashboard.users.totp_secret:${userId}`;
const epochOf = (options: TotpOptions): number => options.epoch ?? Math.floor(Date.now() / 1000);

/** A TOTP code as typed: six digits, spaces allowed ("123 456"). */
const looksLikeTotpCode = (code: string): boolean => /^\d{6}$/.test(code.replace(/\s/g, ""));

/** A recovery code's stored form: SHA-256 hex of the code, lower case, without spaces or dashes. */
function hashRecoveryCode(code: string): string {
  return createHash("sha256").update(code.toLowerCase().replace(/[\s-]/g, ""), "utf8").digest("hex");
}

/** A fresh recovery code, shown as two groups of five ("abcde-fghjk"). */
function generateRecoveryCode(): string {
  let code = "";
  for (let index = 0; index < RECOVERY_LENGTH; index++) code += RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)];
  return `${code.slice(0, 5)}-${code.slice(5)}`;
}

export interface TwoFactorState {
  enrolled: boolean;
  enrolledAt: Date | null;
  /** Recovery codes not used yet. */
  recoveryCodesLeft: number;
}

export async function twoFactorState(db: Db, userId: number): Promise<TwoFactorState> {
  const [row] = await db
    .select({
      enrolledAt: users.totpEnrolledAt,
      left: sql<number>`(SELECT count(*)::int FROM ${recoveryCodes} WHERE ${recoveryCodes.userId} = ${users.id} AND ${recoveryCodes.usedAt} IS NULL)`,
    })
    .from(users)
    .where(eq(users.id, userId));
  return { enrolled: Boolean(row?.enrolledAt), enrolledAt: row?.enrolledAt ?? null, recoveryCodesLeft: Number(row?.left ?? 0) };
}

export interface PendingEnrolment {
  /** Base32, for typing into an app by hand. */
  secret: string;
  /** otpauth:// URI, the QR code's content. */
  uri: string;
}

/** Starts (or starts again) an enrolment: a new secret, stored encrypted and pending until a code confirms it. */
export async function beginEnrolment(db: Db, user: { id: number; email: string }, options: TotpOptions = {}): Promise<PendingEnrolment> {
  const secret = generateSecret();
  const rows = await db
    .update(users)
    .set({ totpSecretEncrypted: encryptWithDashboardKey(secret, associatedData(user.id), options.key), totpLastStep: null })
    .where(and(eq(users.id, user.id), isNull(users.totpEnrolledAt)))
    .returning({ id: users.id });
  if (rows.length === 0) throw new DashboardError("two_factor.already_on");
  return { secret, uri: generateURI({ issuer: ISSUER, label: user.email, secret }) };
}

/** The QR code of an otpauth URI, as an SVG document (rendered on the server). */
export async function enrolmentQrSvg(uri: string): Promise<string> {
  return QRCode.toString(uri, { type: "svg", margin: 1, errorCorrectionLevel: "M" });
}

async function readSecret(db: Db, userId: number, enrolled: boolean, options: TotpOptions): Promise<{ secret: string; encrypted: string } | null> {
  const [row] = await db
    .select({ encrypted: users.totpSecretEncrypted })
    .from(users)
    .where(and(eq(users.id, userId), enrolled ? isNotNull(users.totpEnrolledAt) : isNull(users.totpEnrolledAt)));
  if (!row?.encrypted) return null;
  try {
    return { secret: decryptWithDashboardKey(row.encrypted, associatedData(userId), options.key), encrypted: row.encrypted };
  } catch {
    // The dashboard's key changed: the secret is lost; the member uses a recovery code, or an owner's reset.
    return null;
  }
}

/** The time step a code belongs to (±1 around now), or null when it is no code of the secret. */
async function matchingStep(secret: string, code: string, options: TotpOptions): Promise<number | null> {
  const token = code.replace(/\s/g, "");
  if (!/^\d{6}$/.test(token)) return null;
  const result = await verify({
    secret,
    token,
    epoch: epochOf(options),
    epochTolerance: EPOCH_TOLERANCE_SECONDS,
    period: TOTP_PERIOD_SECONDS,
    algorithm: "sha1",
    digits: 6,
  });
  // The TOTP strategy's answer names the step the code matched (the union type also covers HOTP's, which has none).
  return result.valid && "timeStep" in result ? result.timeStep : null;
}

/** Moves the last accepted step to `step` if it is later than the stored one: one statement, so only one use of a code wins. */
async function claimStep(db: Db, userId: number, step: number, enrolled: boolean, encrypted: string): Promise<boolean> {
  const rows = await db
    .update(users)
    .set(enrolled ? { totpLastStep: step } : { totpLastStep: step, totpEnrolledAt: sql`now()` })
    .where(
      and(
        eq(users.id, userId),
        eq(users.totpSecretEncrypted, encrypted),
        enrolled ? isNotNull(users.totpEnrolledAt) : isNull(users.totpEnrolledAt),
        or(isNull(users.totpLastStep), lt(users.totpLastStep, step)),
      ),
    )
    .returning({ id: users.id });
  return rows.length > 0;
}

/** Replaces the member's recovery codes with ten new ones; the codes are returned (to be shown once), only hashes stored. */
async function storeNewRecoveryCodes(db: Db, userId: number): Promise<string[]> {
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, generateRecoveryCode);
  await db.transaction(async (tx) => {
    await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
    await tx.insert(recoveryCodes).values(codes.map((code) => ({ userId, codeHash: hashRecoveryCode(code) })));
  });
  return codes;
}

/**
 * Confirms a pending enrolment with a code from the app: two-factor is on from then, and the ten recovery codes are
 * returned (once). A wrong code, or no pending enrolment: refused, nothing changed.
 */
export async function confirmEnrolment(db: Db, userId: number, code: string, options: TotpOptions = {}): Promise<string[]> {
  const pending = await readSecret(db, userId, false, options);
  if (!pending) throw new DashboardError("two_factor.no_pending", "code");
  const step = await matchingStep(pending.secret, code, options);
  if (step === null || !(await claimStep(db, userId, step, false, pending.encrypted))) throw new DashboardError("two_factor.wrong_code", "code");
  return storeNewRecoveryCodes(db, userId);
}

/** A TOTP code of an enrolled member: true once per time step (a replay, or a code older than the last accepted, is false). */
export async function acceptTotpCode(db: Db, userId: number, code: string, options: TotpOptions = {}): Promise<boolean> {
  const stored = await readSecret(db, userId, true, options);
  if (!stored) return false;
  const step = await matchingStep(stored.secret, code, options);
  return step !== null && claimStep(db, userId, step, true, stored.encrypted);
}

/** A recovery code of an enrolled member: true the first time, marked used by one conditional UPDATE (a second use is false). */
export async function redeemRecoveryCode(db: Db, userId: number, code: string): Promise<boolean> {
  const normalized = code.toLowerCase().replace(/[\s-]/g, "");
  if (normalized.length !== RECOVERY_LENGTH) return false;
  const rows = await db
    .update(recoveryCodes)
    .set({ usedAt: sql`now()` })
    .where(
      and(
        eq(recoveryCodes.userId, userId),
        eq(recoveryCodes.codeHash, hashRecoveryCode(normalized)),
        isNull(recoveryCodes.usedAt),
        sql`EXISTS (SELECT 1 FROM ${users} WHERE ${users.id} = ${userId} AND ${users.totpEnrolledAt} IS NOT NULL)`,
      ),
    )
    .returning({ userId: recoveryCodes.userId });
  return rows.length > 0;
}

export type SecondFactorCheck = { ok: true; via: "totp" | "recovery_code" } | { ok: false };

/** A code typed at sign-in or for a step-up: six digits are a TOTP code, anything else a recovery code. */
export async function checkSecondFactor(db: Db, userId: number, code: string, options: TotpOptions = {}): Promise<SecondFactorCheck> {
  const trimmed = code.trim().slice(0, 64);
  if (looksLikeTotpCode(trimmed)) return (await acceptTotpCode(db, userId, trimmed, options)) ? { ok: true, via: "totp" } : { ok: false };
  return (await redeemRecoveryCode(db, userId, trimmed)) ? { ok: true, via: "recovery_code" } : { ok: false };
}

/** Ten new recovery codes for an enrolled member (the old ones stop working). */
export async function renewRecoveryCodes(db: Db, userId: number): Promise<string[]> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, userId), isNotNull(users.totpEnrolledAt)));
  if (!row) throw new DashboardError("two_factor.not_on");
  return storeNewRecoveryCodes(db, userId);
}

/** Turns two-factor off: the secret, its replay guard and the recovery codes are gone. */
/**
 * An owner turns a member's two-factor off (a lost phone and lost recovery codes): the secret and the codes go, and
 * every session of the member ends, in one transaction; false when the member had none on. With the team's rule on,
 * the member sets it up again at the next sign-in.
 */
export async function resetMemberTwoFactor(db: Db, userId: number): Promise<boolean> {
  return db.transaction(async (tx) => {
    if (!(await clearTwoFactor(tx, userId, true))) return false;
    await endSessions(tx, userId);
    return true;
  });
}

/** One's own two-factor off (the caller checked the code and the password). */
export async function turnOffTwoFactor(db: Db, userId: number): Promise<void> {
  await db.transaction(async (tx) => void (await clearTwoFactor(tx, userId, false)));
}

/** The secret and the recovery codes go; with `onlyIfOn`, nothing changes unless two-factor was on (false then). */
async function clearTwoFactor(tx: Tx, userId: number, onlyIfOn: boolean): Promise<boolean> {
  const cleared = await tx
    .update(users)
    .set({ totpSecretEncrypted: null, totpEnrolledAt: null, totpLastStep: null })
    .where(onlyIfOn ? and(eq(users.id, userId), isNotNull(users.totpEnrolledAt)) : eq(users.id, userId))
    .returning({ id: users.id });
  if (cleared.length === 0) return false;
  await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
  return true;
}
