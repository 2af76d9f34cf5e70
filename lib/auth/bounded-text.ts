/**
 * Text from a request (a typed email, a user agent) as a column of `max` characters takes it: cut at `max` characters
 * as PostgreSQL counts them (code points: never half of an emoji's surrogate pair, which would be stored as U+FFFD),
 * and without U+0000, which PostgreSQL cannot store at all (22021: the whole row would be refused, and with it the
 * event of an attempt that sent one).
 */
export function boundedText(text: string, max: number): string {
  const clean = text.includes("\u0000") ? text.replaceAll("\u0000", "") : text;
  if (clean.length <= max) return clean;
  return Array.from(clean).slice(0, max).join("");
}

/** The lengths of the columns that keep where a request came from and who it named (security_events, sessions). */
export const TEXT_LIMITS = { email: 255, address: 64, userAgent: 512 } as const;
