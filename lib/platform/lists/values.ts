import { boolean } from "../validation";
import { formatTimestamp } from "../time";
import { MAX_STRING_VALUE_LENGTH, MAX_URL_LENGTH } from "./constants";
import { type FieldType } from "@/lib/contract/facts";

/**
 * One record value checked against its field's type and brought to the form
 * it is stored and returned in. Pure: `contact` and `bot` come back as ids
 * here; that they are the holder's is checked against the database by items.ts.
 */
export type ValueCheck = { ok: true; value: string | number | boolean } | { ok: false; i18n: string; replacements?: Record<string, string | number> };

/** Money: integer minor units, 0 … 2^53 − 1 (every such amount is exact in JSON and in jsonb). */
export const MAX_MONEY_VALUE = Number.MAX_SAFE_INTEGER;

const NUMERIC_TEXT = /^[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?$/;
const DIGITS = /^\d+$/;
const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const DATETIME = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,9})?)?(Z|[+-]\d{2}(?::?\d{2})?)?$/i;

const fail = (i18n: string, replacements?: Record<string, string | number>): ValueCheck => ({ ok: false, i18n, replacements });

/** A real calendar day: 2024-02-29 yes, 2023-02-29 and 2024-13-01 no. */
function isRealDay(year: number, month: number, day: number): boolean {
  if (month < 1 || month > 12 || day < 1) return false;
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/** A positive id: a JSON integer or a string of digits. */
function toId(raw: unknown): number | null {
  if (typeof raw === "number" && Number.isSafeInteger(raw) && raw > 0) return raw;
  if (typeof raw === "string" && DIGITS.test(raw)) {
    const id = Number(raw);
    return Number.isSafeInteger(id) && id > 0 ? id : null;
  }
  return null;
}

function checkString(raw: unknown): ValueCheck {
  // PostgreSQL text (and jsonb) cannot hold U+0000.
  if (typeof raw !== "string" || raw.length > MAX_STRING_VALUE_LENGTH || raw.includes("\u0000")) {
    return fail("lists.value.string", { max: MAX_STRING_VALUE_LENGTH });
  }
  return { ok: true, value: raw };
}

function checkNumber(raw: unknown): ValueCheck {
  const value = typeof raw === "number" ? raw : typeof raw === "string" && NUMERIC_TEXT.test(raw) ? Number(raw) : NaN;
  return Number.isFinite(value) ? { ok: true, value } : fail("lists.value.number");
}

function checkBool(raw: unknown): ValueCheck {
  const parsed = boolean().safeParse(raw);
  return parsed.success ? { ok: true, value: parsed.data } : fail("validation.boolean");
}

function checkDate(raw: unknown): ValueCheck {
  const match = typeof raw === "string" ? DATE.exec(raw) : null;
  if (!match || !isRealDay(Number(match[1]), Number(match[2]), Number(match[3]))) return fail("lists.value.date");
  return { ok: true, value: raw as string };
}

/** ISO 8601 with `T`; without an offset it is UTC. Stored as the API writes timestamps: UTC, to the second. */
function checkDatetime(raw: unknown): ValueCheck {
  const match = typeof raw === "string" ? DATETIME.exec(raw) : null;
  if (!match) return fail("lists.value.datetime");
  const [, year, month, day, hour, minute, second = "0", offset = "Z"] = match;
  if (!isRealDay(Number(year), Number(month), Number(day))) return fail("lists.value.datetime");
  if (Number(hour) > 23 || Number(minute) > 59 || Number(second) > 59) return fail("lists.value.datetime");
  let offsetMinutes = 0;
  if (offset.toUpperCase() !== "Z") {
    const digits = offset.slice(1).replace(":", "");
    const hours = Number(digits.slice(0, 2));
    const minutes = Number(digits.slice(2) || "0");
    if (hours > 14 || minutes > 59) return fail("lists.value.datetime");
    offsetMinutes = (offset[0] === "-" ? -1 : 1) * (hours * 60 + minutes);
  }
  const utc = Date.UTC(Number(year), Number(month) - 1, Number(day), Number(hour), Number(minute), Number(second)) - offsetMinutes * 60_000;
  return { ok: true, value: formatTimestamp(new Date(utc)) as string };
}

function checkMoney(raw: unknown): ValueCheck {
  let value: number | null = null;
  if (typeof raw === "number" && Number.isSafeInteger(raw) && raw >= 0) value = raw;
  if (typeof raw === "string" && DIGITS.test(raw) && BigInt(raw) <= BigInt(MAX_MONEY_VALUE)) value = Number(raw);
  return value === null ? fail("lists.value.money", { max: MAX_MONEY_VALUE }) : { ok: true, value };
}

function checkUrl(raw: unknown): ValueCheck {
  const invalid = fail("lists.value.url", { max: MAX_URL_LENGTH });
  if (typeof raw !== "string" || raw.length > MAX_URL_LENGTH || /\s/.test(raw)) return invalid;
  try {
    const url = new URL(raw);
    return (url.protocol === "http:" || url.protocol === "https:") && url.hostname !== "" ? { ok: true, value: raw } : invalid;
  } catch {
    return invalid;
  }
}

function checkId(raw: unknown, i18n: string): ValueCheck {
  const id = toId(raw);
  return id === null ? fail(i18n) : { ok: true, value: id };
}

/** `raw` is neither null nor absent (those are handled by the caller: required or cleared). */
export function checkValue(type: FieldType, raw: unknown): ValueCheck {
  switch (type) {
    case "string":
      return checkString(raw);
    case "number":
      return checkNumber(raw);
    case "bool":
      return checkBool(raw);
    case "date":
      return checkDate(raw);
    case "datetime":
      return checkDatetime(raw);
    case "money":
      return checkMoney(raw);
    case "file":
    case "image":
      return checkUrl(raw);
    case "contact":
      return checkId(raw, "lists.value.contact");
    case "bot":
      return checkId(raw, "lists.value.bot");
  }
}
