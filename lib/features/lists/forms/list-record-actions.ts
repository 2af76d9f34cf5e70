import { z } from "zod";
import { LOCALES } from "@/lib/i18n/config";

/**
 * The record actions' input: the form's values (checked by the action against
 * the list's fields with buildRecordFormSchema, as the form does), the slugs
 * the form was built for (a list changed meanwhile is refused), and on edit the
 * values the form started with (only changed values are sent).
 */
export const SaveRecordSchema = z.object({
  schemaId: z.string().trim().min(1),
  itemId: z.string().trim().min(1).optional(),
  fieldSlugs: z.array(z.string()).max(1000),
  values: z.array(z.string()).max(1000),
  initial: z.array(z.string()).max(1000).optional(),
  /** The language the values were typed in (money amounts are read in it). */
  locale: z.enum(LOCALES).default("en"),
});

export const DeleteRecordSchema = z.object({ schemaId: z.string().trim().min(1), itemId: z.string().trim().min(1) });
