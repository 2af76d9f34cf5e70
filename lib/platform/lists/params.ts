import { z } from "zod";
import { text } from "../validation";

/**
 * `page` as Laravel's paginator reads it: a whole number from 1, else page 1
 * ("abc", 0 and -3 are not errors).
 */
export const PageSchema = z
  .unknown()
  .optional()
  .transform((value): number => {
    const n = typeof value === "number" ? value : typeof value === "string" && /^\+?\d+$/.test(value) ? Number(value) : NaN;
    return Number.isSafeInteger(n) && n >= 1 ? n : 1;
  });

/** A list or record id. Required; any text (or number) is accepted here, and one that names no list is a 404. */
export const IdSchema = z.preprocess((value) => (typeof value === "number" ? String(value) : value), text());
