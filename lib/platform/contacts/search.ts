import { sql, type SQL } from "drizzle-orm";
import { addIssue, optional, text } from "../validation";

/** Longest `search` accepted, in characters (code points) after trimming. */
const MAX_SEARCH_LENGTH = 200;
/** Substring matches need a trigram: shorter texts match only exact values (ids). */
const MIN_FRAGMENT_LENGTH = 3;
/** Fewest digits a phone fragment needs. */
const MIN_PHONE_DIGITS = 3;
const MAX_BIGINT = 9_223_372_036_854_775_807n;

/**
 * Extension `search` (getContacts, getNumberOfContacts): a string, trimmed by the gateway
 * (an empty or blank one is null there, hence the same as absent), at most 200 characters.
 */
export const SearchParamSchema = optional(
  text().superRefine((value, ctx) => {
    if ([...value].length > MAX_SEARCH_LENGTH) addIssue(ctx, [], "validation.max.string", { max: MAX_SEARCH_LENGTH });
  }),
);

/** `%`, `_` and `\` stand for themselves in a LIKE pattern (backslash is LIKE's default escape). */
function escapeLike(value: string): string {
  return value.replace(/[\\%_]/g, "\\$&");
}

const containsPattern = (value: string) => `%${escapeLike(value)}%`;

/** A phone as typed: digits with an optional leading `+`, spaces, dashes, dots and parentheses. */
const PHONE_TEXT = /^\+?[\d\s().-]+$/;
const LETTER_OR_DIGIT = /[\p{L}\p{N}]/u;

/**
 * Which ways a text can match, decided here so that the SQL holds only the branches that
 * apply (each one an index of drizzle/0008_contact_search.sql, the name's of 0017_contact_search_name.sql):
 * - name and email contain it, case-folded (3+ characters with a letter or digit);
 * - a username contains it without a leading `@` (3+ characters, no spaces);
 * - the phone's digits contain its digits (a phone-like text with 3+ digits);
 * - a messenger id equals it exactly; the contact id equals it (digits only).
 * Shorter texts cannot use trigrams: they match exact messenger ids and contact ids only.
 */
export interface SearchPlan {
  fragment: string | null;
  username: string | null;
  phoneDigits: string | null;
  messengerId: string;
  contactId: string | null;
}

function planSearch(search: string): SearchPlan {
  const text = search.trim();
  const long = (value: string) => [...value].length >= MIN_FRAGMENT_LENGTH && LETTER_OR_DIGIT.test(value);
  const username = text.startsWith("@") ? text.slice(1) : text;
  const digits = text.replace(/\D/g, "");
  return {
    fragment: long(text) ? text : null,
    username: long(username) && !/\s/.test(username) ? username : null,
    phoneDigits: PHONE_TEXT.test(text) && digits.length >= MIN_PHONE_DIGITS ? digits : null,
    messengerId: text,
    contactId: /^\d{1,19}$/.test(text) && BigInt(text) <= MAX_BIGINT ? String(BigInt(text)) : null,
  };
}

/**
 * The plan's branches over contacts aliased `c`, the same folding for the text as for the columns: `texts`, the
 * substring matches (name, email, usernames, phone digits), and `exact`, the equalities (messenger id, contact id).
 * `indexed: false` writes each searched column as `column || ''`, the same value, which no search index is built
 * on: the planner then cannot reach the matches through the trigram
 * indexes and reads contacts in a page's order, testing each (see findMatchPage).
 */
function searchBranches(search: string, { indexed = true }: { indexed?: boolean } = {}): { texts: SQL[]; exact: SQL[] } {
  const plan = planSearch(search);
  const column = (name: string) => (indexed ? sql.raw(`c.${name}`) : sql.raw(`(c.${name} || '')`));
  const texts: SQL[] = [];
  const exact: SQL[] = [];
  if (plan.fragment !== null) {
    const pattern = sql`platform.contact_search_fold(${containsPattern(plan.fragment)}::text)`;
    // The name folded is stored (search_name, drizzle/0017_contact_search_name.sql), the email folded on the fly.
    texts.push(sql`${column("search_name")} LIKE ${pattern}`, sql`platform.contact_search_fold(${column("email")}) LIKE ${pattern}`);
  }
  if (plan.username !== null) {
    const usernames = sql`platform.contact_search_usernames(c.telegram_username, c.max_username)`;
    texts.push(sql`${indexed ? usernames : sql`(${usernames} || '')`} LIKE platform.contact_search_fold(${containsPattern(plan.username)}::text)`);
  }
  if (plan.phoneDigits !== null) texts.push(sql`platform.contact_search_digits(${column("phone")}) LIKE ${containsPattern(plan.phoneDigits)}::text`);
  exact.push(sql`${column("messenger_id")} = ${plan.messengerId}::text`);
  if (plan.contactId !== null) exact.push(sql`${indexed ? sql`c.id` : sql`(c.id + 0)`} = ${plan.contactId}::bigint`);
  return { texts, exact };
}

/** The OR of the plan's branches over contacts aliased `c` (see searchBranches). */
export function searchConditionSql(search: string, options: { indexed?: boolean } = {}): SQL {
  const { texts, exact } = searchBranches(search, options);
  return sql`(${sql.join([...texts, ...exact], sql` OR `)})`;
}

/** Three letters or digits, one of them at least a letter: see countedSearchText. */
const COUNTED_TEXT = /^(?=.*\p{L})[\p{L}\p{N}]{3}$/u;

/**
 * The search's text when the substring counters (platform.contact_search_gram_counts,
 * lib/db/custom/contact_search_grams.sql) count its matches exactly, else null. That is a text of exactly
 * three letters and digits with a letter among them (the commonest search there is, and the one that can
 * match a tenth of all contacts). Its plan has just the name, email and usernames branches with the text
 * itself (no `@`, no space, hence the same username; a letter, hence no phone digits and no contact id),
 * and each is "the folded column has the folded text as one of its three-character substrings", which is
 * what the counters count; plus the exact messenger id, which countedSearchSql adds.
 */
export function countedSearchText(search: string): string | null {
  const text = search.trim();
  return COUNTED_TEXT.test(text) ? text : null;
}

/**
 * The exact number of live contacts of `bots` (a bigint[] expression) that `text` (countedSearchText) matches:
 * the counter of its folded substring, plus the contacts whose messenger id is the text and whose texts do not
 * contain it (they are not in the counter). A scalar bigint expression; O(bots), whatever the number of matches.
 * Folding keeps a text's length where lower() maps each character to one (libc and the builtin provider); where
 * it does not (an ICU cluster turns "İ" into two), the folded text is no three-character substring, and the
 * matches are counted through the indexes instead.
 */
export function countedSearchSql(bots: SQL, text: string): SQL {
  const { texts } = searchBranches(text);
  const live = sql`c.bot_id = ANY(${bots}) AND NOT c.preview AND NOT c.deleted`;
  return sql`(CASE WHEN char_length(platform.contact_search_fold(${text}::text)) = 3 THEN
              (SELECT COALESCE(sum(g.visible), 0) FROM platform.contact_search_gram_counts g
                WHERE g.bot_id = ANY(${bots}) AND g.gram = platform.contact_search_fold(${text}::text))
              + (SELECT count(*) FROM platform.contacts c
                  WHERE ${live} AND c.messenger_id = ${text}::text AND (${sql.join(texts, sql` OR `)}) IS NOT TRUE)
            ELSE (SELECT count(*) FROM platform.contacts c WHERE ${live} AND ${searchConditionSql(text)}) END)::bigint`;
}
