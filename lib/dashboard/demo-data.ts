import type { FixtureDocument } from "@/lib/platform/operator/fixtures";
import { apportion, dayWeight, demoRandom, historyDays, momentOf } from "./demo-rhythm";

/**
 * The demo's platform data as one operator fixture document: a Pro key holder,
 * 2 projects, 3 bots, contacts of every messenger (a few written by hand with
 * variables, UTM values and tags, the rest generated), accounts in USD, EUR,
 * JPY and KWD (one blocked), and 3 lists. Without a history the generated
 * contacts are spread evenly over 2024–2025 (what the browser tests know);
 * with one, over the last HISTORY_DAYS days (the rest of the history:
 * lib/features/demo/seed-history.ts).
 */
export const DEMO_HOLDER_ID = 1;
const DEMO_PROJECTS = ["6f1b8a2e-3c4d-4e5f-8a9b-000000000001", "6f1b8a2e-3c4d-4e5f-8a9b-000000000002"] as const;
const DEMO_BOTS = [101, 102, 201] as const;

const MESSENGERS = ["telegram", "max", "vk", "viber", "web"] as const;

const HAND_WRITTEN = [
  {
    id: 1,
    bot_id: 101,
    messenger: "telegram",
    name: "Anna Petrova",
    telegram_id: "5551001",
    telegram_username: "anna_p",
    phone: "79991234567",
    email: "anna@example.com",
    tags: ["vip", "newsletter"],
    variables: [
      { name: "utm_source", value: "instagram", type: 0 },
      { name: "utm_campaign", value: "spring_sale", type: 0 },
      { name: "favourite_colour", value: "teal", type: 0 },
      { name: "passport_scan", value: "https://files.example.com/s/abc123", type: 2 },
    ],
  },
  {
    id: 2,
    bot_id: 101,
    messenger: "max",
    name: "Boris Ivanov",
    max_user_id: "880012",
    max_username: "boris",
    tags: ["wholesale"],
    variables: [{ name: "utm_source", value: "google", type: 0 }],
  },
  {
    id: 3,
    bot_id: 102,
    messenger: "vk",
    name: "Chloé Martin",
    vk_user_id: "771234",
    email: "chloe@example.com",
    address: "12 Rue de Rivoli, Paris",
    tags: [],
    variables: [{ name: "city", value: "Paris", type: 0 }],
  },
  {
    id: 4,
    bot_id: 201,
    messenger: "viber",
    name: "David Cohen",
    viber_id: "vb-a1b2c3",
    phone: "972501234567",
    tags: ["support"],
    variables: [{ name: "avatar_photo", value: "https://files.example.com/s/photo1", type: 1 }],
  },
  { id: 5, bot_id: 201, messenger: "web", name: "Emma Schmidt", web_id: "web-5", tags: ["lead"], variables: [{ name: "utm_medium", value: "cpc", type: 0 }] },
  {
    id: 6,
    bot_id: 102,
    messenger: "telegram",
    name: "Fatima Al-Sabah",
    telegram_id: "5551006",
    telegram_username: "fatima_kw",
    tags: ["vip"],
    unsubscribed_at: "2025-11-02T08:30:00+00:00",
    variables: [],
  },
] as const;

/** How many days the demo's history covers, today included. */
export const HISTORY_DAYS = 120;
/** The seed of the demo's dice: the same history on every fresh run. */
export const HISTORY_SEED = 46;

export interface DemoOptions {
  apiKey: string;
  contacts: number;
  /** A history ending today: contacts created over the last HISTORY_DAYS days, the lists made on different days. */
  history?: { now: Date } | null;
}

type GeneratedContacts = NonNullable<FixtureDocument["generate_contacts"]>;

/** Every messenger's share, the last taking the remainder, so the total is exact. */
function perMessenger(total: number): number[] {
  const share = Math.floor(total / MESSENGERS.length);
  return MESSENGERS.map((_, index) => (index === MESSENGERS.length - 1 ? total - share * (MESSENGERS.length - 1) : share));
}

/** The generated contacts spread evenly over 2024–2025 (the browser tests' data). */
function evenContacts(generated: number): GeneratedContacts {
  return perMessenger(generated).map((count, index) => ({
    bot_id: DEMO_BOTS[index % DEMO_BOTS.length],
    count,
    messenger: MESSENGERS[index],
    created_from: "2024-01-01T00:00:00Z",
    created_to: "2026-01-01T00:00:00Z",
  }));
}

/**
 * The generated contacts of a history: per day of the last HISTORY_DAYS days a share that grows towards today and is
 * about half on Saturdays and Sundays, each day's share split over the messengers, created during the day's hours.
 */
function contactsOverTime(generated: number, now: Date): GeneratedContacts {
  const random = demoRandom(HISTORY_SEED);
  const days = historyDays(now, HISTORY_DAYS);
  const counts = apportion(
    generated,
    days.map((day, index) => dayWeight(day, index, days.length, random)),
  );
  return days.flatMap((day, dayIndex) =>
    perMessenger(counts[dayIndex]).map((count, index) => ({
      bot_id: DEMO_BOTS[index % DEMO_BOTS.length],
      count,
      messenger: MESSENGERS[index],
      created_from: momentOf(day, 0, now).toISOString(),
      created_to: momentOf(day, 1, now).toISOString(),
    })),
  );
}

/** A day of the history as an ISO timestamp at 09:00 UTC, `daysAgo` before today. */
function daysBefore(now: Date, daysAgo: number): string {
  const days = historyDays(now, HISTORY_DAYS);
  return new Date(days[days.length - 1 - daysAgo].getTime() + 9 * 3_600_000).toISOString();
}

export function demoFixtures(options: DemoOptions): FixtureDocument {
  const generated = Math.max(0, options.contacts - HAND_WRITTEN.length);
  const history = options.history ?? null;
  // With a history, the lists were designed on different days; without one, they are as the browser tests know them.
  const listMadeOn = (daysAgo: number) => (history ? { created_at: daysBefore(history.now, daysAgo) } : {});
  return {
    accounts: [{ id: DEMO_HOLDER_ID, email: "demo-holder@example.com", name: "Demo Shop Ltd", plan: "pro", api_key: options.apiKey }],
    projects: [
      { uuid: DEMO_PROJECTS[0], account_id: DEMO_HOLDER_ID, name: "Online shop" },
      { uuid: DEMO_PROJECTS[1], account_id: DEMO_HOLDER_ID, name: "Help desk" },
    ],
    bots: [
      { id: DEMO_BOTS[0], project_uuid: DEMO_PROJECTS[0], name: "Shop bot" },
      { id: DEMO_BOTS[1], project_uuid: DEMO_PROJECTS[0], name: "Promo bot" },
      { id: DEMO_BOTS[2], project_uuid: DEMO_PROJECTS[1], name: "Support bot" },
    ],
    contacts: HAND_WRITTEN.map((contact) => ({
      created_at: "2025-06-01T09:00:00+00:00",
      ...contact,
      variables: [...contact.variables],
      tags: [...contact.tags],
    })),
    contact_accounts: [
      { id: 1001, contact_id: 1, currency: "USD", amount: 12550, created_at: "2025-06-01T10:00:00+00:00" },
      { id: 1002, contact_id: 1, currency: "EUR", amount: 4000, created_at: "2025-06-02T10:00:00+00:00" },
      { id: 1003, contact_id: 2, currency: "JPY", amount: 150000, created_at: "2025-06-03T10:00:00+00:00" },
      { id: 1004, contact_id: 6, currency: "KWD", amount: 12345, created_at: "2025-06-04T10:00:00+00:00" },
      { id: 1005, contact_id: 3, currency: "EUR", amount: 2500, blocked_at: "2025-09-01T12:00:00+00:00", created_at: "2025-06-05T10:00:00+00:00" },
      { id: 1006, contact_id: 4, currency: "USD", amount: 0, created_at: "2025-06-06T10:00:00+00:00" },
    ],
    list_schemas: [
      {
        id: "0b6c3c1e-1111-4a2b-8c3d-000000000001",
        project_uuid: DEMO_PROJECTS[0],
        bot_id: null,
        name: "Orders",
        ...listMadeOn(97),
        fields: {
          sku: { name: "SKU", type: "string" },
          price: { name: "Price", type: "money", currency: "EUR" },
          paid: { name: "Paid", type: "bool", is_required: false },
        },
      },
      {
        id: "0b6c3c1e-1111-4a2b-8c3d-000000000002",
        project_uuid: DEMO_PROJECTS[0],
        bot_id: DEMO_BOTS[1],
        name: "Promo codes",
        ...listMadeOn(41),
        fields: { code: { name: "Code", type: "string" }, valid_until: { name: "Valid until", type: "date" } },
      },
      {
        id: "0b6c3c1e-1111-4a2b-8c3d-000000000003",
        project_uuid: DEMO_PROJECTS[1],
        bot_id: null,
        name: "Tickets",
        ...listMadeOn(12),
        fields: {
          subject: { name: "Subject", type: "string" },
          customer: { name: "Customer", type: "contact" },
          opened_at: { name: "Opened at", type: "datetime" },
        },
      },
    ],
    generate_contacts: (history ? contactsOverTime(generated, history.now) : evenContacts(generated)).filter((spec) => spec.count > 0),
  };
}
