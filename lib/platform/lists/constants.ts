import { FIELD_TYPES } from "@/lib/contract/responses";

/** The ten field types of a list (spec: List field definition), as the contract names them. */
export { FIELD_TYPES };
export type FieldType = (typeof FIELD_TYPES)[number];

/** Letters, digits, `-` and `_` (ASCII). */
export const SLUG_PATTERN = /^[A-Za-z0-9_-]+$/;
export const MAX_NAME_LENGTH = 255;
export const MAX_FIELDS_AT_CREATION = 30;
export const MAX_LISTS_PER_PROJECT = 5000;
/** getListSchemas and getListItems: fixed page size. */
export const LISTS_PER_PAGE = 50;
export const ITEMS_PER_PAGE = 50;
export const DEFAULT_CURRENCY = "USD";

/** Record value limits (our extension). */
export const MAX_STRING_VALUE_LENGTH = 65_535;
export const MAX_URL_LENGTH = 2048;

const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** List and record ids are UUIDs; anything else cannot name one (404, never a database cast error). */
export function isUuid(value: string): boolean {
  return UUID_PATTERN.test(value);
}
