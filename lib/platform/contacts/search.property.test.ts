import fc from "fast-check";
import { expect, test } from "vitest";
import { testDriver } from "@/lib/db/testing/database";
import { callApi, seedTenant, uniqueId, type Tenant } from "../testing/tenants";
import { addContacts, type FixtureContact } from "../testing/contacts";
import { useTestDatabase } from "@/lib/db/testing/use-test-database";

const database = useTestDatabase();

/**
 * The matching rules of the search extension written out plainly in JavaScript, over the
 * serialized contact: this is what the SQL must agree with.
 */
const fold = (value: string) => value.toLowerCase().replace(/ё/g, "е");
const length = (value: string) => [...value].length;
const hasLetterOrDigit = (value: string) => /[\p{L}\p{N}]/u.test(value);

interface Model {
  id: number;
  name: string;
  phone: string | null;
  email: string | null;
  usernames: string[];
  messengerId: string;
}

function matches(contact: Model, search: string): boolean {
  const text = search.trim();
  if (length(text) >= 3 && hasLetterOrDigit(text)) {
    if (fold(contact.name).includes(fold(text))) return true;
    if (contact.email !== null && fold(contact.email).includes(fold(text))) return true;
  }
  const username = text.replace(/^@/, "");
  if (length(username) >= 3 && hasLetterOrDigit(username) && !/\s/.test(username)) {
    if (contact.usernames.some((name) => fold(name).includes(fold(username)))) return true;
  }
  const digits = text.replace(/\D/g, "");
  if (/^\+?[\d\s().-]+$/.test(text) && digits.length >= 3 && contact.phone !== null && contact.phone.replace(/\D/g, "").includes(digits)) return true;
  if (contact.messengerId === text) return true;
  return /^\d+$/.test(text) && BigInt(text) === BigInt(contact.id);
}

// Small alphabets, so that random fragments often hit: Cyrillic and Latin in both cases, ё/Ё,
// accents, digits, a space and the LIKE metacharacters.
const NAME_CHARS = [..."абвгдеёжиклмнопрстАБВГДЕЁЖИКЛМНОПРСТabcdeilmnoprstABCDEILMNOPRSTéÉ0123 %_\\"];
const USER_CHARS = [..."abcdeilmno_0123"];
const word = (chars: string[], min: number, max: number) => fc.array(fc.constantFrom(...chars), { minLength: min, maxLength: max }).map((a) => a.join(""));
const phoneDigits = fc.array(fc.constantFrom(..."0123456789"), { minLength: 9, maxLength: 15 }).map((a) => a.join(""));

const contactArbitrary = fc.record({
  name: word(NAME_CHARS, 0, 14),
  phone: fc.option(phoneDigits, { nil: null }),
  email: fc.option(
    fc.tuple(word(USER_CHARS, 1, 6), fc.constantFrom("mail.ru", "Example.COM", "почта.рф")).map(([u, d]) => `${u}@${d}`),
    { nil: null },
  ),
  messenger: fc.constantFrom("telegram", "max", "viber", "web"),
  username: fc.option(word(USER_CHARS, 3, 8), { nil: null }),
  messengerId: fc.oneof(fc.integer({ min: 1, max: 999 }).map(String), word(USER_CHARS, 1, 5)),
  deleted: fc.integer({ min: 0, max: 9 }).map((n) => n < 2),
});

type Generated = typeof contactArbitrary extends fc.Arbitrary<infer T> ? T : never;

/** What a support person might type about one of the contacts, or something random. */
function searchesFor(contacts: Generated[]): fc.Arbitrary<string> {
  const pick = fc.nat({ max: Math.max(contacts.length - 1, 0) }).map((i) => contacts[i]);
  const fragment = (value: string) =>
    fc.tuple(fc.nat({ max: value.length }), fc.integer({ min: 1, max: 8 }), fc.boolean()).map(([start, size, upper]) => {
      const part = [...value].slice(start, start + size).join("");
      return upper ? part.toUpperCase() : part;
    });
  const formatPhone = (phone: string) =>
    fc.tuple(fc.nat({ max: 4 }), fc.integer({ min: 3, max: 9 }), fc.constantFrom("", "+", " ", "-", "(")).map(([start, size, decoration]) => {
      const part = phone.slice(start, start + size);
      if (decoration === "(") return `(${part.slice(0, 3)}) ${part.slice(3)}`;
      return decoration === "+" ? `+${part}` : [...part].join(decoration);
    });
  if (contacts.length === 0) return word(NAME_CHARS, 1, 6);
  return fc.oneof(
    pick.chain((c) => fragment(c.name)),
    pick.chain((c) => (c.email ? fragment(c.email) : fc.constant("@mail"))),
    pick.chain((c) => (c.username ? fragment(c.username).map((u) => (u.length % 2 ? `@${u}` : u)) : fc.constant("abc"))),
    pick.chain((c) => (c.phone ? formatPhone(c.phone) : fc.constant("123"))),
    pick.map((c) => c.messengerId),
    word(NAME_CHARS, 1, 6),
    // Exactly three characters of a name, email or username: the texts the substring counters answer.
    pick
      .chain((c) => fc.tuple(fc.constantFrom(c.name, c.email ?? "", c.username ?? ""), fc.nat(), fc.boolean()))
      .map(([value, start, upper]) => {
        const chars = [...value];
        const from = start % Math.max(chars.length - 2, 1);
        const part = chars.slice(from, from + 3).join("");
        return upper ? part.toUpperCase() : part;
      }),
    fc.constantFrom("%", "_", "\\", "%_", "a%", "%a", "ё", "Ё", "е", "  ", "@"),
  );
}

test(`search property (${testDriver()}): getContacts and getNumberOfContacts agree with the rules written in JavaScript`, async () => {
  await fc.assert(
    fc.asyncProperty(
      fc
        .array(contactArbitrary, { minLength: 1, maxLength: 14 })
        .chain((contacts) => fc.record({ contacts: fc.constant(contacts), searches: fc.array(searchesFor(contacts), { minLength: 4, maxLength: 8 }) })),
      async ({ contacts, searches }) => {
        const tenant: Tenant = await seedTenant(database.db);
        const stranger: Tenant = await seedTenant(database.db);
        const fixtures: FixtureContact[] = [];
        const models: Model[] = [];
        // Live contacts own their messenger id within a bot: a repeated one gets a suffix.
        const taken = new Set<string>();
        for (const generated of contacts) {
          let messengerId = generated.messengerId;
          while (taken.has(`${generated.messenger}:${messengerId}`)) messengerId += "9";
          if (!generated.deleted) taken.add(`${generated.messenger}:${messengerId}`);
          const messengerKey = { telegram: "telegram_id", max: "max_user_id", viber: "viber_id", web: "web_id" }[generated.messenger];
          const usernameKey = { telegram: "telegram_username", max: "max_username", viber: null, web: null }[generated.messenger];
          const username = usernameKey && generated.username ? { [usernameKey]: generated.username } : {};
          for (const owner of [tenant, stranger]) {
            const id = uniqueId();
            fixtures.push({
              id,
              bot_id: owner.botId,
              messenger: generated.messenger,
              name: generated.name,
              phone: generated.phone,
              email: generated.email,
              deleted: generated.deleted,
              [messengerKey]: messengerId,
              ...username,
            });
            if (owner === tenant && !generated.deleted) {
              const usernames = usernameKey && generated.username ? [generated.username] : [];
              models.push({ id, name: generated.name, phone: generated.phone, email: generated.email, usernames, messengerId });
            }
          }
        }
        await addContacts(database.db, fixtures);
        for (const search of [...searches, String(models[0]?.id ?? 1)]) {
          const expected = models
            .filter((m) => matches(m, search))
            .map((m) => m.id)
            .sort((a, b) => a - b);
          const trimmed = search.trim();
          const params = { search };
          const page = await callApi(database.db, "getContacts", { key: tenant.key, verb: "GET", params: { ...params, count: 500 } });
          expect(page.status, page.text).toBe(200);
          if (trimmed === "") {
            // Blank: the same as no search at all.
            expect(page.body.meta.total).toBe(models.length);
            continue;
          }
          expect(
            page.body.data.map((c: { id: number }) => c.id),
            JSON.stringify(search),
          ).toEqual(expected);
          expect(page.body.meta.total, JSON.stringify(search)).toBe(expected.length);
          const counted = await callApi(database.db, "getNumberOfContacts", { key: tenant.key, verb: "POST", params });
          expect(counted.body, JSON.stringify(search)).toEqual({ count: expected.length });
          // Pages of two, in every order: small pages of a common three-letter text take the ordered scan
          // (page.ts findMatchPage), the others the indexes; every way pages through the same matches. The fixtures'
          // creation times rise with their ids, so the creation orders are the id orders here.
          for (const sort of ["id", "-id", "created_at", "-created_at"]) {
            const paged: number[] = [];
            for (let number = 1; number <= Math.ceil(expected.length / 2) + 1; number++) {
              const part = await callApi(database.db, "getContacts", { key: tenant.key, verb: "GET", params: { ...params, count: 2, page: number, sort } });
              expect(part.status, part.text).toBe(200);
              expect(part.body.meta.total, `${JSON.stringify(search)} ${sort} page ${number}`).toBe(expected.length);
              paged.push(...part.body.data.map((c: { id: number }) => c.id));
            }
            expect(paged, `${JSON.stringify(search)} ${sort}`).toEqual(sort.startsWith("-") ? [...expected].reverse() : expected);
          }
        }
      },
    ),
    { numRuns: 30 },
  );
});
