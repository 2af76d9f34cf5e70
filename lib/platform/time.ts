/** Timestamps of the API: ISO 8601 in UTC with an explicit offset, e.g. 2026-01-05T10:00:00+00:00. */
export function formatTimestamp(value: Date | string | null | undefined): string | null {
  if (value === null || value === undefined) return null;
  const date = value instanceof Date ? value : new Date(value);
  return `${date.toISOString().slice(0, 19)}+00:00`;
}
