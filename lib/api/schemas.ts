import "server-only";
import { z } from "zod";
import * as Contract from "@/lib/contract/responses";
import { KEY_ORDER_MARK, type JsonParseOptions } from "./json";

/**
 * How the client reads the platform's answers. Every shape is the contract's (lib/contract/responses.ts, which the
 * OpenAPI document is made of): its fields are taken from there, and only where the client must read a field
 * differently is it replaced here, each replacement with its reason. Two reasons recur: money is a bigint of minor
 * units, and the hosted platform (PLATFORM_BASE_URL) is read too, whose spec is looser than our contract (ids as a
 * number or digits, PHP's [] for an empty map, fields it may leave out, extra keys kept). schemas.test.ts proves
 * that every key of the contract is read here and that no other key is.
 */

/** Minor units: digits kept by parseJsonKeepingMoney, or a safe JSON integer. */
const MoneySchema = z.union([z.string().regex(/^-?\d+$/), z.number().int().refine(Number.isSafeInteger, "unsafe integer")]).transform((value) => BigInt(value));

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

/** How answers holding list records are read: a record has no money of the platform's, so a field slug named `amount` stays its value. */
export const LIST_ITEM_READING: JsonParseOptions = { moneyKeys: new Set() };

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

/** getMe's fields are not shown by the spec: on the hosted platform each may be missing or null. */
const unshown = z.string().nullable().optional();
const MeProject = Contract.Me.shape.projects.element;

export const MeSchema = z.object({
  data: Contract.Me.extend({
    // Hosted platform: ids as a number or digits.
    id: Id,
    name: unshown,
    email: unshown,
    plan: unshown,
    projects: z
      .array(
        MeProject.extend({
          name: unshown,
          bots: z
            .array(MeProject.shape.bots.element.extend({ id: Id, name: unshown }).loose())
            .optional()
            .default([]),
        }).loose(),
      )
      .optional(),
  }).loose(),
});
export type Me = z.output<typeof MeSchema>["data"];

const ListFieldSchema = Contract.ListFieldDefinition.extend({
  // Fields made outside the API (the spec's map "may contain keys beyond those created through the API"): any type reads.
  type: z.string(),
  // The spec's defaults, for a platform that leaves them out.
  is_required: z.boolean().optional().default(true),
  is_hidden: z.boolean().optional().default(false),
  is_encryptable: z.boolean().optional().default(false),
}).loose();

export const ListSchemaSchema = Contract.ListSchema.extend({
  // Hosted platform: a number is read as its digits.
  id: IdText,
  /** In the platform's order, as [slug, field] pairs (read with LIST_SCHEMA_READING); PHP's [] when there are none. */
  fields: orderedEntries(ListFieldSchema),
  // Hosted platform: ids as a number or digits.
  bot_id: Id.nullable(),
  // An outdated flag (spec): a platform may leave it out.
  is_menu: z.boolean().optional(),
}).loose();
export type ListSchema = z.output<typeof ListSchemaSchema>;

export const ContactAccountSchema = Contract.ContactAccount.extend({
  // Hosted platform: ids as a number or digits.
  id: Id,
  // Bigint minor units.
  amount: MoneySchema,
}).strip();
export type ContactAccount = z.output<typeof ContactAccountSchema>;

export const JournalEntrySchema = Contract.JournalEntry.extend({
  // Ids as a number or digits, like every id the client reads.
  id: Id,
  // Bigint minor units.
  amount: MoneySchema,
  balance_after: MoneySchema,
}).loose();
export type JournalEntry = z.output<typeof JournalEntrySchema>;

const ContactVariableSchema = Contract.ContactVariable.extend({
  // Hosted platform: ids as a number or digits.
  id: Id,
  // The spec does not type the value: a number or a boolean is read as sent.
  value: z.union([z.string(), z.number(), z.boolean()]).nullable(),
  // A type beyond the spec's 0-4 still reads (shown as "other").
  type: z.number().int(),
  // Internal fields (spec): never read, so any form, or none, is accepted.
  schema_id: z.unknown().optional(),
  deletable: z.unknown().optional(),
  payload: z.unknown().optional(),
}).loose();

export const ContactSchema = Contract.Contact.extend({
  // Hosted platform: ids as a number or digits (a messenger's own ids too).
  id: Id,
  bot_id: Id,
  telegram_id: IdText.optional(),
  max_user_id: Id.optional(),
  viber_id: IdText.optional(),
  // Optional as before although the spec puts it on every contact: nothing in the dashboard needs it.
  vk_user_id: Id.nullable().optional(),
  // A messenger the spec does not list yet still reads.
  messenger: z.string(),
  // PHP's [] when there are none; a number or boolean value is read as sent.
  utm: emptyArrayAsObject(z.record(z.string(), z.union([z.string(), z.number(), z.boolean()]).nullable())),
  // Each read as above.
  variables: z.array(ContactVariableSchema),
}).loose();
export type Contact = z.output<typeof ContactSchema>;

export const ListItemSchema = Contract.ListItem.extend({
  // Ids as a number or digits, like every id the client reads.
  id: IdText,
}).loose();
export type ListItem = z.output<typeof ListItemSchema>;

const LinksSchema = Contract.PageLinks.extend({
  // Laravel writes null for an address a paginator cannot give.
  first: z.string().nullable(),
  last: z.string().nullable(),
}).strip();

// Laravel's `meta` may grow keys; they are kept as sent.
const PageMetaSchema = Contract.PageMeta.loose();

const ContactPageMetaSchema = Contract.ContactPageMeta.extend({
  // The window of page links is not read: a platform may leave it out.
  links: z.array(Contract.ContactPageMeta.shape.links.element.loose()).optional(),
}).loose();

/** Laravel's paginator: `{data, links, meta}`. */
export const paginated = <T extends z.ZodType>(item: T, meta: z.ZodType<z.output<typeof PageMetaSchema>> = PageMetaSchema) =>
  z.object({ data: z.array(item), links: LinksSchema, meta });
export interface Page<T> {
  data: T[];
  links: z.output<typeof LinksSchema>;
  meta: z.output<typeof PageMetaSchema>;
}

/** getContacts in page mode: its `meta` has Laravel's window of page links too. */
export const ContactPageSchema = paginated(ContactSchema, ContactPageMetaSchema);

export const ContactBatchSchema = Contract.ContactBatch.extend({
  // Contacts read as above; `meta` keeps extra keys.
  data: z.array(ContactSchema),
  meta: Contract.ContactBatch.shape.meta.loose(),
}).strip();
export type ContactBatch = z.output<typeof ContactBatchSchema>;

export const ContactStatisticsSchema = Contract.ContactStatistics.extend({
  // A day keeps extra keys, like every object the client reads.
  days: z.array(Contract.ContactStatistics.shape.days.element.loose()),
}).loose();
export type ContactStatistics = z.output<typeof ContactStatisticsSchema>;

const CurrencyStatistics = Contract.ContactAccountStatistics.shape.currencies.element;

export const ContactAccountStatisticsSchema = Contract.ContactAccountStatistics.extend({
  currencies: z.array(
    CurrencyStatistics.extend({
      // Bigint minor units.
      balance_total: MoneySchema,
      // Not read (the dashboard formats the total itself): a platform may leave it out.
      balance_total_note: z.string().optional(),
      days: z.array(CurrencyStatistics.shape.days.element.extend({ top_ups: MoneySchema, debits: MoneySchema }).loose()),
    }).loose(),
  ),
}).loose();
export type ContactAccountStatistics = z.output<typeof ContactAccountStatisticsSchema>;

/** How getContactAccountStatistics is read: its sums are money, kept digit for digit. */
export const STATISTICS_READING: JsonParseOptions = { moneyKeys: new Set(["balance_total", "top_ups", "debits"]) };

export const CountSchema = Contract.ContactCount.strip();

export const dataOf = <T extends z.ZodType>(item: T) => z.object({ data: item });

/**
 * Every error body of the contract read by one schema, each key optional (which ones an answer has depends on its
 * status), and anything else tolerated: a proxy's or the hosted platform's body reads too.
 */
export const ErrorBodySchema = z
  .object({
    message: z.string().optional(),
    error: z.string().optional(),
    // A code the contract does not list yet still reads.
    code: z.string().optional(),
    // A single text is read as a list of one.
    errors: z
      .record(
        z.string(),
        z.union([z.array(z.string()), z.string()]).transform((v) => (Array.isArray(v) ? v : [v])),
      )
      .optional(),
    // A 5xx body's request id (PlatformApiError does not keep it yet).
    request_id: z.string().optional(),
  })
  .loose();
