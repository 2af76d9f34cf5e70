import "server-only";
import { stringify } from "csv-stringify/sync";
import slugify from "@sindresorhus/slugify";
import type { Contact } from "@/lib/api";

/**
 * How an export file is written. A file is: the BOM (CSV, when asked), the CSV
 * header, then every chunk in order; each chunk is one platform batch serialised
 * on its own, so a chunk never depends on the one before it.
 */
export type ExportFormat = "csv" | "jsonl";

export const BOM = "\uFEFF";

export const CSV_COLUMNS = [
  "id",
  "bot_id",
  "name",
  "messenger",
  "messenger_id",
  "messenger_username",
  "phone",
  "email",
  "address",
  "avatar",
  "tags",
  "utm",
  "variables",
  "created_at",
  "unsubscribed_at",
] as const;

/**
 * A cell a spreadsheet would read as a formula (=, +, -, @, and tab or carriage
 * return, which some spreadsheets skip before one) gets a leading apostrophe, as
 * OWASP recommends against CSV injection; the value is still readable.
 */
const FORMULA_START = /^[=+\-@\t\r]/;

function neutraliseCell(value: string): string {
  return FORMULA_START.test(value) ? `'${value}` : value;
}

function messengerId(contact: Contact): string {
  const id = contact.telegram_id ?? contact.max_user_id ?? contact.vk_user_id ?? contact.viber_id;
  return id === null || id === undefined ? "" : String(id);
}

function messengerUsername(contact: Contact): string {
  return contact.telegram_username ?? contact.max_username ?? "";
}

/** One CSV record: plain text for people (tags joined with ", "), JSON where the value has structure (UTM, variables). */
function csvRecord(contact: Contact): string[] {
  const record: Record<(typeof CSV_COLUMNS)[number], string> = {
    id: String(contact.id),
    bot_id: String(contact.bot_id),
    name: contact.name,
    messenger: contact.messenger,
    messenger_id: messengerId(contact),
    messenger_username: messengerUsername(contact),
    phone: contact.phone ?? "",
    email: contact.email ?? "",
    address: contact.address ?? "",
    avatar: contact.avatar ?? "",
    tags: contact.tags.join(", "),
    utm: Object.keys(contact.utm).length ? JSON.stringify(contact.utm) : "",
    variables: contact.variables.length ? JSON.stringify(contact.variables.map(({ name, type, value }) => ({ name, type, value }))) : "",
    created_at: contact.created_at,
    unsubscribed_at: contact.unsubscribed_at ?? "",
  };
  return CSV_COLUMNS.map((column) => neutraliseCell(record[column]));
}

const CSV_OPTIONS = { record_delimiter: "windows" } as const;

function csvHeader(): string {
  return stringify([[...CSV_COLUMNS]], CSV_OPTIONS);
}

/** A batch as the text of one chunk: CSV records (CRLF) or JSON Lines (LF), each ending with its newline. */
export function serialiseBatch(format: ExportFormat, contacts: Contact[]): string {
  if (contacts.length === 0) return "";
  if (format === "csv") return stringify(contacts.map(csvRecord), CSV_OPTIONS);
  let text = "";
  for (const contact of contacts) text += `${JSON.stringify(contact)}\n`;
  return text;
}

/** What comes before the chunks. */
export function filePreamble(format: ExportFormat, bom: boolean): string {
  if (format !== "csv") return "";
  return `${bom ? BOM : ""}${csvHeader()}`;
}

export function contentTypeOf(format: ExportFormat): string {
  return format === "csv" ? "text/csv; charset=utf-8" : "application/x-ndjson; charset=utf-8";
}

/** The longest slug of a bot's name a file name takes. */
const MAX_SLUG = 60;

/** A bot's name as a file name part: transliterated ("Магазин" → "magazin"), lower case, "-" between words; `bot-<id>` when nothing is left. */
export function botSlug(name: string | null | undefined, botId: number): string {
  const slug = slugify(name ?? "", { decamelize: false })
    .replace(/[^a-z0-9-]/g, "")
    .slice(0, MAX_SLUG)
    .replace(/-+$/, "");
  return slug || `bot-${botId}`;
}

/** "2026-01-05-1300": when the export was started, in the zone it was started in (UTC when that zone is unknown). */
function stampOf(at: Date, timeZone: string): string {
  let parts: Intl.DateTimeFormatPart[];
  try {
    parts = new Intl.DateTimeFormat("en-CA", {
      timeZone,
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      hourCycle: "h23",
    }).formatToParts(at);
  } catch {
    return stampOf(at, "UTC");
  }
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((item) => item.type === type)?.value ?? "00";
  return `${part("year")}-${part("month")}-${part("day")}-${part("hour")}${part("minute")}`;
}

/** "contacts-shop-bot-2026-01-05-1300.csv": the bot's name (when the export is of one bot) and the start time, never an id alone. */
export function fileNameOf(job: { format: ExportFormat; createdAt: Date; bot: number | null; botName?: string | null; tz: string }): string {
  const bot = job.bot === null ? "" : `${botSlug(job.botName, job.bot)}-`;
  return `contacts-${bot}${stampOf(job.createdAt, job.tz)}.${job.format === "csv" ? "csv" : "jsonl"}`;
}
