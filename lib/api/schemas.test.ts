import { describe, expect, test } from "vitest";
import { z } from "zod";
import * as Contract from "@/lib/contract/responses";
import { parseJsonKeepingMoney, type JsonParseOptions } from "./json";
import * as Client from "./schemas";

/**
 * The client's schemas are the contract's, read differently only where the client must (schemas.ts). Proven both ways:
 * every key of every contract answer is a key the client reads, at any depth, and the client reads no key the contract
 * lacks; and an answer the contract accepts is read by the client with the types the dashboard uses.
 */

/** What a schema reads underneath optional, nullable, default, transforms and PHP's [] (a union's first object-like option). */
function unwrap(schema: z.core.$ZodType): z.core.$ZodType {
  const def = schema._zod.def as z.core.$ZodTypeDef & Record<string, unknown>;
  switch (def.type) {
    case "optional":
    case "nullable":
    case "default":
    case "prefault":
    case "readonly":
      return unwrap(def.innerType as z.core.$ZodType);
    case "pipe":
      return unwrap(def.in as z.core.$ZodType);
    case "union": {
      const options = (def.options as z.core.$ZodType[]).map(unwrap);
      return options.find((option) => ["object", "record", "array"].includes(option._zod.def.type)) ?? options[0];
    }
    default:
      return schema;
  }
}

const at = (path: string, key: string) => (path ? `${path}.${key}` : key);

/** Where the client's reading and the contract differ in their keys: `path: why`, at any depth. */
function keyDifferences(contract: z.core.$ZodType, client: z.core.$ZodType, path = ""): string[] {
  const [a, b] = [unwrap(contract), unwrap(client)];
  const [typeA, typeB] = [a._zod.def.type, b._zod.def.type];
  if (!["object", "array", "record"].includes(typeA)) return [];
  if (typeA !== typeB) return [`${path || "(root)"}: a ${typeA} in the contract, read as a ${typeB}`];
  if (a instanceof z.ZodObject && b instanceof z.ZodObject) {
    const [shapeA, shapeB] = [a.shape as z.ZodRawShape, b.shape as z.ZodRawShape];
    return [
      ...Object.keys(shapeA).flatMap((key) =>
        key in shapeB ? keyDifferences(shapeA[key], shapeB[key], at(path, key)) : [`${at(path, key)}: not read by the client`],
      ),
      ...Object.keys(shapeB)
        .filter((key) => !(key in shapeA))
        .map((key) => `${at(path, key)}: read by the client, not in the contract`),
    ];
  }
  if (a instanceof z.ZodArray && b instanceof z.ZodArray) return keyDifferences(a.element, b.element, `${path}[]`);
  if (a instanceof z.ZodRecord && b instanceof z.ZodRecord) return keyDifferences(a.valueType, b.valueType, at(path, "*"));
  return [`${path || "(root)"}: cannot be compared`];
}

/** Every error body of the contract, as one object of all their keys (the client reads them all with ErrorBodySchema). */
const ERROR_BODIES = {
  ValidationErrorBody: Contract.ValidationErrorBody,
  UnauthorizedBody: Contract.UnauthorizedBody,
  ProRequiredBody: Contract.ProRequiredBody,
  ForbiddenBody: Contract.ForbiddenBody,
  NotFoundBody: Contract.NotFoundBody,
  MethodRemovedBody: Contract.MethodRemovedBody,
  TooManyRequestsBody: Contract.TooManyRequestsBody,
  RequestErrorBody: Contract.RequestErrorBody,
  ServiceUnavailableBody: Contract.ServiceUnavailableBody,
  ServerErrorBody: Contract.ServerErrorBody,
};
const AnyErrorBody = z.object(Object.assign({}, ...Object.values(ERROR_BODIES).map((body) => body.shape)) as z.ZodRawShape);

/** Each answer of the contract and the client's reading of it (answers wrapped in `data` as the client reads them). */
const READINGS: [name: string, contract: z.ZodType, client: z.ZodType, reading?: JsonParseOptions][] = [
  ["Me", Contract.dataOf(Contract.Me), Client.MeSchema],
  ["ListSchema", Contract.ListSchema, Client.ListSchemaSchema, Client.LIST_SCHEMA_READING],
  ["ListItem", Contract.ListItem, Client.ListItemSchema],
  ["ContactAccount", Contract.ContactAccount, Client.ContactAccountSchema],
  ["JournalEntry", Contract.JournalEntry, Client.JournalEntrySchema],
  ["Contact", Contract.Contact, Client.ContactSchema],
  ["ContactStatistics", Contract.ContactStatistics, Client.ContactStatisticsSchema],
  ["ContactAccountStatistics", Contract.ContactAccountStatistics, Client.ContactAccountStatisticsSchema, Client.STATISTICS_READING],
  ["ContactPage", Contract.ContactPage, Client.ContactPageSchema],
  ["ContactBatch", Contract.ContactBatch, Client.ContactBatchSchema],
  ["ContactCount", Contract.ContactCount, Client.CountSchema],
  ["ListSchemaPage", Contract.ListSchemaPage, Client.paginated(Client.ListSchemaSchema), Client.LIST_SCHEMA_READING],
  ["ListItemPage", Contract.ListItemPage, Client.paginated(Client.ListItemSchema)],
  ["JournalPage", Contract.JournalPage, Client.paginated(Client.JournalEntrySchema)],
  ["error bodies", AnyErrorBody, Client.ErrorBodySchema],
];

/** Contract objects read only inside another answer of READINGS (and compared there, at their depth). */
const READ_INSIDE = ["ListFieldDefinition", "ContactVariable", "PageLinks", "PageMeta", "ContactPageMeta"];

describe("every key of the contract is read by the client, and no other", () => {
  test("every object schema of the contract is in the table", () => {
    const objects = Object.entries(Contract)
      .filter(([, value]) => value instanceof z.ZodObject)
      .map(([name]) => name);
    const covered = new Set([...READINGS.map(([name]) => name), ...READ_INSIDE, ...Object.keys(ERROR_BODIES)]);
    expect(objects.filter((name) => !covered.has(name))).toEqual([]);
  });

  test.each(READINGS.map(([name, contract, client]) => [name, contract, client] as const))("%s", (_name, contract, client) => {
    expect(keyDifferences(contract, client)).toEqual([]);
  });

  test("a field added to the contract, or read by the client alone, is found at any depth", () => {
    expect(keyDifferences(Contract.Contact.extend({ whatsapp_id: z.string() }), Client.ContactSchema)).toEqual(["whatsapp_id: not read by the client"]);
    const withFieldMinimum = Contract.ListSchema.extend({
      fields: z.record(z.string(), Contract.ListFieldDefinition.extend({ minimum: z.number() })),
    });
    expect(keyDifferences(withFieldMinimum, Client.ListSchemaSchema)).toEqual(["fields.*.minimum: not read by the client"]);
    const withBotUsername = Contract.dataOf(
      Contract.Me.extend({
        projects: z.array(Contract.Me.shape.projects.element.extend({ bots: z.array(z.object({ id: z.number(), name: z.string(), username: z.string() })) })),
      }),
    );
    expect(keyDifferences(withBotUsername, Client.MeSchema)).toEqual(["data.projects[].bots[].username: not read by the client"]);
    expect(keyDifferences(Contract.ContactAccount, Client.ContactAccountSchema.extend({ balance: z.number() }))).toEqual([
      "balance: read by the client, not in the contract",
    ]);
    expect(keyDifferences(Contract.ContactBatch, Client.ContactBatchSchema.extend({ meta: z.number() }))).toEqual([
      "meta: a object in the contract, read as a number",
    ]);
  });
});

const TIME = "2026-01-05T10:00:00+00:00";
const UUID = "0b6c3c1e-1111-4a2b-8c3d-000000000001";
const ACCOUNT = {
  id: 7,
  currency: "USD",
  amount: 9007199254740991,
  amount_note: "90071992547409.91 USD",
  created_at: TIME,
  updated_at: TIME,
  blocked_at: null,
};
const JOURNAL_ENTRY = {
  id: 3,
  kind: "deposit",
  title: "Deposit via API",
  amount: 1250,
  description: "gift",
  balance_after: 9007199254740991,
  created_at: TIME,
};
const CONTACT = {
  id: 11,
  bot_id: 21,
  phone: "15550001",
  email: null,
  name: "Ann",
  address: null,
  messenger: "telegram",
  utm: [],
  avatar: null,
  telegram_id: "123456789",
  telegram_username: "ann",
  vk_user_id: null,
  created_at: TIME,
  unsubscribed_at: null,
  tags: ["vip"],
  variables: [{ id: 1, name: "city", value: "Riga", type: 0, schema_id: null, deletable: true, payload: null }],
};
/** The members of a JSON object in the order written (a JS object would put all-digit keys first). */
class Members {
  constructor(readonly entries: [string, unknown][]) {}
}
function toJson(value: unknown): string {
  if (value instanceof Members) return `{${value.entries.map(([key, inner]) => `${JSON.stringify(key)}:${toJson(inner)}`).join(",")}}`;
  if (Array.isArray(value)) return `[${value.map(toJson).join(",")}]`;
  if (value && typeof value === "object") return toJson(new Members(Object.entries(value).filter(([, inner]) => inner !== undefined)));
  return JSON.stringify(value);
}
const FIELDS = new Members([
  ["title", { name: "Title", type: "string", is_required: true, is_hidden: false, is_encryptable: false }],
  ["2024", { name: "Year 2024", type: "money", currency: "EUR", is_required: false, is_hidden: false, is_encryptable: false }],
  ["10", { name: "Ten", type: "number", is_required: true, is_hidden: true, is_encryptable: false }],
]);
const LIST = { id: UUID, fields: FIELDS, name: "Orders", bot_id: null, project: UUID, is_menu: false, created_at: TIME, updated_at: TIME };
const LINKS = { first: "https://p.example/api/v1/x?page=1", last: "https://p.example/api/v1/x?page=1", prev: null, next: null };
const META = { current_page: 1, from: 1, last_page: 1, path: "https://p.example/api/v1/x", per_page: 50, to: 1, total: 1 };
const page = (item: unknown, meta: object = META) => ({ data: [item], links: LINKS, meta });
const DAY = { date: "2026-01-05", top_ups: 9007199254740991, top_up_count: 2, debits: 0, debit_count: 0 };

/** One answer of each row of READINGS, in the form our platform sends it, and what the client must make of it. */
const SAMPLES: Record<string, { body: unknown; read: (value: never) => void; acceptedBy?: z.ZodType }> = {
  Me: {
    body: { data: { id: 5, name: "Holder", email: "h@example.com", plan: "pro", projects: [{ uuid: UUID, name: "Shop", bots: [{ id: 21, name: "Bot" }] }] } },
    read: (me: z.output<typeof Client.MeSchema>) => expect(me.data.projects?.[0].bots).toEqual([{ id: 21, name: "Bot" }]),
  },
  ListSchema: {
    body: LIST,
    read: (list: Client.ListSchema) => {
      expect(list.fields.map(([slug]) => slug)).toEqual(["title", "2024", "10"]);
      expect(list.fields[1][1]).toMatchObject({ type: "money", currency: "EUR", is_required: false });
    },
  },
  ListItem: {
    body: { id: UUID, schema_id: UUID, values: { title: "A-1", "2024": 1250 }, created_at: TIME, updated_at: TIME },
    read: (item: Client.ListItem) => expect(item).toMatchObject({ id: UUID, values: { title: "A-1", "2024": 1250 } }),
  },
  ContactAccount: {
    body: ACCOUNT,
    read: (account: Client.ContactAccount) => expect(account).toMatchObject({ id: 7, amount: BigInt(9007199254740991) }),
  },
  JournalEntry: {
    body: JOURNAL_ENTRY,
    read: (entry: Client.JournalEntry) => expect(entry).toMatchObject({ amount: BigInt(1250), balance_after: BigInt(9007199254740991) }),
  },
  Contact: {
    body: CONTACT,
    read: (contact: Client.Contact) => {
      expect(contact.utm).toEqual({});
      expect(contact.variables[0]).toMatchObject({ name: "city", value: "Riga", type: 0 });
    },
  },
  ContactStatistics: {
    body: { time_zone: "UTC", date_from: "2026-01-05", date_to: "2026-01-05", total: 3, days: [{ date: "2026-01-05", created: 3 }] },
    read: (statistics: Client.ContactStatistics) => expect(statistics.days).toEqual([{ date: "2026-01-05", created: 3 }]),
  },
  ContactAccountStatistics: {
    body: {
      time_zone: "UTC",
      date_from: "2026-01-05",
      date_to: "2026-01-05",
      currencies: [
        { currency: "USD", balance_total: 9007199254740991, balance_total_note: "90071992547409.91 USD", accounts: 1, blocked_accounts: 0, days: [DAY] },
      ],
    },
    read: (statistics: Client.ContactAccountStatistics) => {
      expect(statistics.currencies[0].balance_total).toBe(BigInt(9007199254740991));
      expect(statistics.currencies[0].days[0]).toMatchObject({ top_ups: BigInt(9007199254740991), debits: BigInt(0) });
    },
  },
  ContactPage: {
    body: page(CONTACT, { ...META, links: [{ url: null, label: "&laquo; Previous", active: false }] }),
    read: (contacts: Client.Page<Client.Contact>) => expect(contacts.data[0].id).toBe(11),
  },
  ContactBatch: {
    body: { data: [CONTACT], meta: { offset: 0, limit: 100, total: 1 } },
    read: (batch: Client.ContactBatch) => expect(batch.meta).toEqual({ offset: 0, limit: 100, total: 1 }),
  },
  ContactCount: { body: { count: 3 }, read: (count: { count: number }) => expect(count).toEqual({ count: 3 }) },
  ListSchemaPage: {
    body: page(LIST),
    read: (lists: Client.Page<Client.ListSchema>) => expect(lists.data[0].fields.map(([slug]) => slug)).toEqual(["title", "2024", "10"]),
  },
  ListItemPage: {
    body: page({ id: UUID, schema_id: UUID, values: { title: null }, created_at: TIME, updated_at: TIME }),
    read: (items: Client.Page<Client.ListItem>) => expect(items.meta.total).toBe(1),
  },
  JournalPage: {
    body: page(JOURNAL_ENTRY),
    read: (journal: Client.Page<Client.JournalEntry>) => expect(journal.data[0].balance_after).toBe(BigInt(9007199254740991)),
  },
  "error bodies": {
    acceptedBy: Contract.ValidationErrorBody,
    body: { message: "The amount field is required.", code: "insufficient_funds", errors: { amount: ["The amount field is required."] } },
    read: (body: z.output<typeof Client.ErrorBodySchema>) => expect(body.errors).toEqual({ amount: ["The amount field is required."] }),
  },
};

describe("an answer the contract accepts is read by the client", () => {
  test("every row of the table has a sample", () => {
    expect(Object.keys(SAMPLES).sort()).toEqual(READINGS.map(([name]) => name).sort());
  });

  test.each(READINGS)("%s", (name, contract, client, reading) => {
    const { body, read, acceptedBy = contract } = SAMPLES[name];
    const text = toJson(body);
    expect(acceptedBy.safeParse(JSON.parse(text)).error).toBeUndefined();
    const result = client.safeParse(parseJsonKeepingMoney(text, reading));
    expect(result.error).toBeUndefined();
    read(result.data as never);
  });

  test("money above 2^53 keeps every digit", () => {
    const text = JSON.stringify(ACCOUNT).replace("9007199254740991", "9007199254740993");
    expect(Client.ContactAccountSchema.parse(parseJsonKeepingMoney(text)).amount).toBe(BigInt("9007199254740993"));
  });
});

/** The hosted platform's forms, which the contract (our platform's answers) refuses and the client reads: why each override exists. */
describe("the hosted platform's looser forms are still read", () => {
  test.each([
    ["ids as digits", Contract.ContactAccount, Client.ContactAccountSchema, { ...ACCOUNT, id: "7" }, { id: 7 }],
    [
      "a messenger the spec does not list, ids as digits, utm values of any JSON type",
      Contract.Contact,
      Client.ContactSchema,
      { ...CONTACT, id: "11", messenger: "whatsapp", utm: { utm_source: 1 }, viber_id: 99 },
      { id: 11, messenger: "whatsapp", utm: { utm_source: 1 }, viber_id: "99" },
    ],
    [
      "a variable with any value, type or internal fields",
      Contract.Contact,
      Client.ContactSchema,
      { ...CONTACT, variables: [{ id: "1", name: "n", value: 5, type: 9 }] },
      { variables: [{ id: 1, name: "n", value: 5, type: 9 }] },
    ],
    [
      "a list without is_menu, fields as PHP's [] or without the spec's defaults",
      Contract.ListSchema,
      Client.ListSchemaSchema,
      { ...LIST, is_menu: undefined, fields: [] },
      { fields: [] },
    ],
    [
      "a field of a type made outside the API, without its flags",
      Contract.ListSchema,
      Client.ListSchemaSchema,
      { ...LIST, id: 42, fields: { geo: { name: "Where", type: "location" } } },
      { id: "42", fields: [["geo", { name: "Where", type: "location", is_required: true, is_hidden: false, is_encryptable: false }]] },
    ],
    ["getMe with nothing but its id (the spec shows no fields)", Contract.dataOf(Contract.Me), Client.MeSchema, { data: { id: "5" } }, { data: { id: 5 } }],
    ["a key the contract does not know", Contract.JournalEntry, Client.JournalEntrySchema, { ...JOURNAL_ENTRY, operator: "x" }, { operator: "x" }],
    [
      "a paginator without addresses",
      Contract.ListItemPage,
      Client.paginated(Client.ListItemSchema),
      { data: [], links: { ...LINKS, last: null }, meta: META },
      { links: { last: null } },
    ],
  ] as [string, z.ZodType, z.ZodType, unknown, object][])("%s", (_name, contract, client, body, expected) => {
    const text = toJson(body);
    expect(contract.safeParse(JSON.parse(text)).success).toBe(false);
    expect(client.parse(parseJsonKeepingMoney(text, Client.LIST_SCHEMA_READING))).toMatchObject(expected);
  });
});
