/** Letters, digits, `-` and `_` (ASCII). */
export const SLUG_PATTERN = /^[A-Za-z0-9_-]+$/;
export const MAX_LISTS_PER_PROJECT = 5000;
/** getListSchemas and getListItems: fixed page size. */
export const LISTS_PER_PAGE = 50;
export const ITEMS_PER_PAGE = 50;

/** Record value limits (our extension). */
export const MAX_STRING_VALUE_LENGTH = 65_535;
export const MAX_URL_LENGTH = 2048;

const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** List and record ids are UUIDs; anything else cannot name one (404, never a database cast error). */
export function isUuid(value: string): boolean {
  return UUID_PATTERN.test(value);
}
