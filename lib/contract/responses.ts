import { z } from "zod";
import { FIELD_TYPES } from "./facts";

/**
 * The answers of /api/v1 as they travel: the one description of every response body. The OpenAPI document
 * (lib/platform/openapi) is generated from these schemas, the contract check of the test suite validates every answer the
 * platform gives against that document, and the dashboard's platform client (lib/api/schemas.ts) reads answers with
 * schemas derived from these (it only adds how a value is read: money as a bigint, a hosted platform's looser forms).
 *
 * Objects are strict: a key not listed here is not part of the contract. `.meta({ id })` names a component of the document.
 */

/** ISO 8601 with an explicit offset, e.g. 2026-01-05T10:00:00+00:00. */
export const Timestamp = z.string().meta({ format: "date-time", examples: ["2026-01-05T10:00:00+00:00"] });
/** An amount in the currency's minor units (cents; the whole unit for currencies without a fraction). */
export const Money = z
  .number()
  .refine(Number.isInteger, "an integer")
  // Not z.int(): a balance may pass 2^53 (it is written digit for digit), so no safe-integer bounds.
  .meta({ type: "integer", format: "int64", description: "Minor units of the currency" });
const Count = z.number().int().min(0);
const CalendarDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);
const Uuid = z.string().meta({ format: "uuid" });
/** A currency code of ISO 4217, in capital letters. */
export const CurrencyCode = z
  .string()
  .regex(/^[A-Z]{3}$/)
  .meta({ examples: ["USD"] });

export const ListFieldDefinition = z
  .strictObject({
    name: z.string().max(255),
    type: z.enum(FIELD_TYPES),
    currency: CurrencyCode.optional().meta({ description: "Money fields only" }),
    is_required: z.boolean(),
    is_hidden: z.boolean(),
    is_encryptable: z.boolean(),
  })
  .meta({ id: "ListFieldDefinition" });

export const ListSchema = z
  .strictObject({
    id: Uuid,
    fields: z.record(z.string(), ListFieldDefinition).meta({ description: "Field definitions by slug, in the list's order" }),
    name: z.string().max(255),
    bot_id: z.number().int().nullable(),
    project: Uuid,
    is_menu: z.boolean(),
    created_at: Timestamp,
    updated_at: Timestamp,
  })
  .meta({ id: "ListSchema" });

export const ListItem = z
  .strictObject({
    id: Uuid,
    schema_id: Uuid,
    values: z.record(z.string(), z.unknown()).meta({ description: "Values by field slug, in the list's order; null when empty" }),
    created_at: Timestamp,
    updated_at: Timestamp,
  })
  .meta({ id: "ListItem" });

export const ContactAccount = z
  .strictObject({
    id: z.number().int(),
    currency: CurrencyCode,
    amount: Money,
    amount_note: z.string().meta({ examples: ["12.50 USD"] }),
    created_at: Timestamp,
    updated_at: Timestamp,
    blocked_at: Timestamp.nullable(),
  })
  .meta({ id: "ContactAccount" });

export const JournalEntry = z
  .strictObject({
    id: z.number().int(),
    kind: z.string().meta({ examples: ["deposit", "withdrawal"] }),
    title: z.string().meta({ examples: ["Deposit via API"] }),
    amount: Money,
    description: z.string().nullable(),
    balance_after: Money,
    created_at: Timestamp,
  })
  .meta({ id: "JournalEntry" });

export const MESSENGERS = ["telegram", "max", "viber", "vk", "web"] as const;

export const ContactVariable = z
  .strictObject({
    id: z.number().int(),
    name: z.string(),
    value: z.string().nullable(),
    type: z.number().int().min(0).max(4).meta({ description: "0 text, 1 image, 2 document, 3 audio, 4 video" }),
    schema_id: z.string().nullable(),
    deletable: z.boolean(),
    payload: z.unknown(),
  })
  .meta({ id: "ContactVariable" });

const UtmValues = z.union([z.record(z.string(), z.string().nullable()), z.array(z.never()).max(0)]);

export const Contact = z
  .strictObject({
    id: z.number().int(),
    bot_id: z.number().int(),
    phone: z.string().nullable().meta({ description: "Digits only, no +" }),
    email: z.string().nullable(),
    name: z.string(),
    address: z.string().nullable(),
    messenger: z.enum(MESSENGERS),
    utm: UtmValues.meta({ description: "The utm_* variables by name; [] when there are none" }),
    avatar: z.string().nullable(),
    telegram_id: z.string().optional().meta({ description: "Telegram contacts only" }),
    telegram_username: z.string().nullable().optional().meta({ description: "Telegram contacts only, without @" }),
    max_user_id: z
      .number()
      .int()
      .nullable()
      .optional()
      .meta({ description: "MAX contacts only; null when the stored id is not a number (a contact loaded by the operator)" }),
    max_username: z.string().nullable().optional().meta({ description: "MAX contacts only" }),
    vk_user_id: z.number().int().nullable().meta({ description: "Every contact; null unless VK" }),
    viber_id: z.string().optional().meta({ description: "Viber contacts only" }),
    created_at: Timestamp,
    unsubscribed_at: Timestamp.nullable(),
    tags: z.array(z.string()),
    variables: z.array(ContactVariable),
  })
  .meta({ id: "Contact" });

export const Me = z
  .strictObject({
    id: z.number().int(),
    name: z.string(),
    email: z.string(),
    plan: z.string().meta({ examples: ["pro"] }),
    projects: z.array(
      z.strictObject({
        uuid: Uuid,
        name: z.string(),
        bots: z.array(z.strictObject({ id: z.number().int(), name: z.string() })),
      }),
    ),
  })
  .meta({ id: "Me" });

export const ContactStatistics = z
  .strictObject({
    time_zone: z.string().meta({ examples: ["Europe/Moscow"] }),
    date_from: CalendarDate,
    date_to: CalendarDate,
    total: Count,
    days: z.array(z.strictObject({ date: CalendarDate, created: Count })),
  })
  .meta({ id: "ContactStatistics" });

export const ContactAccountStatistics = z
  .strictObject({
    time_zone: z.string(),
    date_from: CalendarDate,
    date_to: CalendarDate,
    currencies: z.array(
      z.strictObject({
        currency: CurrencyCode,
        balance_total: Money,
        balance_total_note: z.string(),
        accounts: Count,
        blocked_accounts: Count,
        days: z.array(z.strictObject({ date: CalendarDate, top_ups: Money, top_up_count: Count, debits: Money, debit_count: Count })),
      }),
    ),
  })
  .meta({ id: "ContactAccountStatistics" });

export const PageLinks = z
  .strictObject({ first: z.string(), last: z.string(), prev: z.string().nullable(), next: z.string().nullable() })
  .meta({ id: "PageLinks" });

const pageMetaFields = {
  current_page: z.number().int().min(1),
  from: z.number().int().nullable(),
  last_page: z.number().int().min(1),
  path: z.string(),
  per_page: z.number().int().min(1),
  to: z.number().int().nullable(),
  total: Count,
};

export const PageMeta = z.strictObject(pageMetaFields).meta({ id: "PageMeta" });

/** getContacts in page mode adds Laravel's window of page links to `meta`. */
export const ContactPageMeta = z
  .strictObject({
    ...pageMetaFields,
    links: z.array(z.strictObject({ url: z.string().nullable(), label: z.string(), active: z.boolean() })),
  })
  .meta({ id: "ContactPageMeta" });

/** Laravel's paginator: `{data, links, meta}`. */
export const paginated = <T extends z.ZodType>(item: T, meta: z.ZodType = PageMeta) => z.strictObject({ data: z.array(item), links: PageLinks, meta });

/** `{data: <object>}`, the spec's wrapping of a single object. */
export const dataOf = <T extends z.ZodType>(item: T) => z.strictObject({ data: item });

export const ContactPage = paginated(Contact, ContactPageMeta).meta({ id: "ContactPage", description: "Page mode (page, count)" });
export const ContactBatch = z
  .strictObject({
    data: z.array(Contact),
    meta: z.strictObject({ offset: z.number().int().min(0), limit: z.number().int().min(1), total: Count }),
  })
  .meta({ id: "ContactBatch", description: "Offset mode (offset, limit): no links" });
export const ContactCount = z.strictObject({ count: Count }).meta({ id: "ContactCount" });
export const ListSchemaPage = paginated(ListSchema).meta({ id: "ListSchemaPage" });
export const ListItemPage = paginated(ListItem).meta({ id: "ListItemPage" });
export const JournalPage = paginated(JournalEntry).meta({ id: "JournalPage" });

/* ---------- errors ---------- */

const FieldErrors = z.record(z.string(), z.array(z.string())).meta({ description: "Dotted parameter path → messages" });

export const ACCOUNT_ERROR_CODES = ["currency_exists", "account_not_empty", "account_blocked", "insufficient_funds"] as const;

export const ValidationErrorBody = z
  .strictObject({ message: z.string(), code: z.enum(ACCOUNT_ERROR_CODES).optional(), errors: FieldErrors })
  .meta({ id: "ValidationError", description: "Every invalid parameter is listed; `code` on the contact account errors" });
export const UnauthorizedBody = z.strictObject({ error: z.string() }).meta({ id: "Unauthorized" });
export const ProRequiredBody = z.strictObject({ error: z.string(), code: z.literal("pro_required") }).meta({ id: "ProRequired" });
export const ForbiddenBody = z.strictObject({ error: z.string(), message: z.string().optional() }).meta({ id: "Forbidden" });
export const NotFoundBody = z
  .strictObject({ message: z.string().optional(), error: z.string().optional(), errors: FieldErrors.optional() })
  .meta({ id: "NotFound" });
export const MethodRemovedBody = z.strictObject({ error: z.string(), code: z.literal("method_removed") }).meta({ id: "MethodRemoved" });
export const TooManyRequestsBody = z.strictObject({ message: z.string() }).meta({ id: "TooManyRequests" });
/** 400 (parameters nested too deep, a body that cannot be read), 405 and 413. */
export const RequestErrorBody = z.strictObject({ message: z.string(), error: z.string() }).meta({ id: "RequestError" });
/** A database that cannot serve (with Retry-After), or a setting the platform lacks (encrypted list values); quoted by its request id. */
export const ServiceUnavailableBody = z.strictObject({ message: z.string(), error: z.string(), request_id: z.string() }).meta({ id: "ServiceUnavailable" });
export const ServerErrorBody = z.strictObject({ error: z.string(), request_id: z.string() }).meta({ id: "ServerError" });
