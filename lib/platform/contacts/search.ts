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
 * apply (each one an index of drizzle/0008_contact_search.sql):
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

/** The OR of the plan's branches over contacts aliased `c`; the same folding for the text as for the columns. */
export function searchConditionSql(search: string): SQL {
  const plan = planSearch(search);
  const branches: SQL[] = [];
  if (plan.fragment !== null) {
    const pattern = sql`platform.contact_search_fold(${containsPattern(plan.fragment)}::text)`;
    branches.push(sql`platform.contact_search_fold(c.name) LIKE ${pattern}`, sql`platform.contact_search_fold(c.email) LIKE ${pattern}`);
  }
  if (plan.username !== null) {
    branches.push(
      sql`platform.contact_search_usernames(c.telegram_username, c.max_username)
          LIKE platform.contact_search_fold(${containsPattern(plan.username)}::text)`,
    );
  }
  if (plan.phoneDigits !== null) branches.push(sql`platform.contact_search_digits(c.phone) LIKE ${containsPattern(plan.phoneDigits)}::text`);
  branches.push(sql`c.messenger_id = ${plan.messengerId}::text`);
  if (plan.contactId !== null) branches.push(sql`c.id = ${plan.contactId}::bigint`);
  return sql`(${sql.join(branches, sql` OR `)})`;
}
