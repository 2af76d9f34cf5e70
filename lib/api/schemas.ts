import "server-only";
import { z } from "zod";
import { KEY_ORDER_MARK, type JsonParseOptions } from "./json";

/**
 * Response shapes of the platform API (spec + gaps.md), parsed at the boundary.
 * Lenient where the spec is loose (ids as number or string, extra keys kept),
 * strict where the dashboard relies on a value. Money is a bigint of minor units.
 */

/** Minor units: digits kept by parseJsonKeepingMoney, or a safe JSON integer. */
const MoneySchema = z.union([z.string().regex(/^-?\d+$/), z.number().int().refine(Number.isSafeInteger, "unsafe integer")]).transform((value) => BigInt(value));

const Timestamp = z.string();
const NullableTimestamp = z.string().nullable();
const IdText = z.union([z.string(), z.number()]).transform(String);
const Id = z.union([z.number().int(), z.string().regex(/^\d+$/).transform(Number)]);
/** PHP serialises an empty map as []. */
const emptyArrayAsObject = <T extends z.ZodType>(record: T) =>
  z.union([
    record,
    z
      .array(z.never())
      .length(0)
      .transform(() => ({}) as z.output<T>),
  ]);

/** How answers holding list schemas are read: `fields` keeps the platform's order, also for all-digit slugs. */
export const LIST_SCHEMA_READING: JsonParseOptions = { orderedKeys: new Set(["fields"]) };

/**
 * A JSON object whose member order matters, as [key, value] pairs in that order.
 * Keys read with `orderedKeys` carry KEY_ORDER_MARK, which keeps an all-digit key
 * ("2024") in its place; the mark is taken off here.
 */
const orderedEntries = <T extends z.ZodType>(value: T) =>
  emptyArrayAsObject(z.record(z.string(), value)).transform((record) =>
    Object.entries(record as Record<string, z.output<T>>).map(
      ([key, inner]) => [key.startsWith(KEY_ORDER_MARK) ? key.slice(KEY_ORDER_MARK.length) : key, inner] as [string, z.output<T>],
    ),
  );

export const MeSchema = z.object({
  data: z
    .object({
      id: Id,
      name: z.string().nullable().optional(),
      email: z.string().nullable().optional(),
      plan: z.string().nullable().optional(),
      projects: z
        .array(
          z
            .object({
              uuid: z.string(),
              name: z.string().nullable().optional(),
              bots: z
                .array(z.object({ id: Id, name: z.string().nullable().optional() }).loose())
                .optional()
                .default([]),
            })
            .loose(),
        )
        .optional(),
    })
    .loose(),
});
export type Me = z.output<typeof MeSchema>["data"];

const ListFieldSchema = z
  .object({
    name: z.string(),
    type: z.string(),
    currency: z.string().optional(),
    is_required: z.boolean().optional().default(true),
    is_hidden: z.boolean().optional().default(false),
    is_encryptable: z.boolean().optional().default(false),
  })
  .loose();

export const ListSchemaSchema = z
  .object({
    id: IdText,
    name: z.string(),
    /** In the platform's order, as [slug, field] pairs (read with LIST_SCHEMA_READING). */
    fields: orderedEntries(ListFieldSchema),
    bot_id: Id.nullable(),
    project: z.string(),
    is_menu: z.boolean().optional(),
    created_at: Timestamp,
    updated_at: Timestamp,
  })
  .loose();
export type ListSchema = z.output<typeof ListSchemaSchema>;

export const ContactAccountSchema = z.object({
  id: Id,
  currency: z.string(),
  amount: MoneySchema,
  amount_note: z.string(),
  created_at: Timestamp,
  updated_at: Timestamp,
  blocked_at: NullableTimestamp,
});
export type ContactAccount = z.output<typeof ContactAccountSchema>;

export const JournalEntrySchema = z
  .object({
    id: Id,
    kind: z.string(),
    title: z.string(),
    amount: MoneySchema,
    description: z.string().nullable(),
    balance_after: MoneySchema,
    created_at: Timestamp,
  })
  .loose();
export type JournalEntry = z.output<typeof JournalEntrySchema>;

const ContactVariableSchema = z
  .object({
    id: Id,
    name: z.string(),
    value: z.union([z.string(), z.number(), z.boolean()]).nullable(),
    type: z.number().int(),
  })
  .loose();

export const ContactSchema = z
  .object({
    id: Id,
    bot_id: Id,
    phone: z.string().nullable(),
    email: z.string().nullable(),
    name: z.string(),
    address: z.string().nullable(),
    messenger: z.string(),
    utm: emptyArrayAsObject(z.record(z.string(), z.union([z.string(), z.number(), z.boolean()]).nullable())),
    avatar: z.string().nullable(),
    telegram_id: IdText.optional(),
    telegram_username: z.string().nullable().optional(),
    max_user_id: Id.optional(),
    max_username: z.string().nullable().optional(),
    vk_user_id: Id.nullable().optional(),
    viber_id: IdText.optional(),
    created_at: Timestamp,
    unsubscribed_at: NullableTimestamp,
    tags: z.array(z.string()),
    variables: z.array(ContactVariableSchema),
  })
  .loose();
export type Contact = z.output<typeof ContactSchema>;

export const ListItemSchema = z.object({ id: IdText }).loose();
export type ListItem = z.output<typeof ListItemSchema>;

const LinksSchema = z.object({
  first: z.string().nullable(),
  last: z.string().nullable(),
  prev: z.string().nullable(),
  next: z.string().nullable(),
});

const PageMetaSchema = z
  .object({
    current_page: z.number().int(),
    from: z.number().int().nullable(),
    last_page: z.number().int(),
    path: z.string(),
    per_page: z.number().int(),
    to: z.number().int().nullable(),
    total: z.number().int(),
  })
  .loose();

/** Laravel's paginator: `{data, links, meta}`. */
export const paginated = <T extends z.ZodType>(item: T) => z.object({ data: z.array(item), links: LinksSchema, meta: PageMetaSchema });
export interface Page<T> {
  data: T[];
  links: z.output<typeof LinksSchema>;
  meta: z.output<typeof PageMetaSchema>;
}

export const ContactBatchSchema = z.object({
  data: z.array(ContactSchema),
  meta: z.object({ offset: z.number().int(), limit: z.number().int(), total: z.number().int() }).loose(),
});
export type ContactBatch = z.output<typeof ContactBatchSchema>;

/** Statistics extensions: a calendar day of the range, `YYYY-MM-DD`. */
const CalendarDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);
const Count = z.number().int().nonnegative();

export const ContactStatisticsSchema = z
  .object({
    time_zone: z.string(),
    date_from: CalendarDate,
    date_to: CalendarDate,
    total: Count,
    days: z.array(z.object({ date: CalendarDate, created: Count }).loose()),
  })
  .loose();
export type ContactStatistics = z.output<typeof ContactStatisticsSchema>;

export const ContactAccountStatisticsSchema = z
  .object({
    time_zone: z.string(),
    date_from: CalendarDate,
    date_to: CalendarDate,
    currencies: z.array(
      z
        .object({
          currency: z.string(),
          balance_total: MoneySchema,
          balance_total_note: z.string().optional(),
          accounts: Count,
          blocked_accounts: Count,
          days: z.array(z.object({ date: CalendarDate, top_ups: MoneySchema, top_up_count: Count, debits: MoneySchema, debit_count: Count }).loose()),
        })
        .loose(),
    ),
  })
  .loose();
export type ContactAccountStatistics = z.output<typeof ContactAccountStatisticsSchema>;

/** How getContactAccountStatistics is read: its sums are money, kept digit for digit. */
export const STATISTICS_READING: JsonParseOptions = { moneyKeys: new Set(["balance_total", "top_ups", "debits"]) };

export const CountSchema = z.object({ count: z.number().int() });

export const dataOf = <T extends z.ZodType>(item: T) => z.object({ data: item });

/** Error bodies: `{message?, error?, code?, errors?}`; anything else is tolerated. */
export const ErrorBodySchema = z
  .object({
    message: z.string().optional(),
    error: z.string().optional(),
    code: z.string().optional(),
    errors: z
      .record(
        z.string(),
        z.union([z.array(z.string()), z.string()]).transform((v) => (Array.isArray(v) ? v : [v])),
      )
      .optional(),
  })
  .loose();
