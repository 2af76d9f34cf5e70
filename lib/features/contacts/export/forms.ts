import { z } from "zod";
import { isTimeZone } from "@/lib/i18n/time-zone";
import { MAX_SEARCH_LENGTH } from "../browser-params";
import { isDay } from "../time-zone";
import { MAX_SELECTED_CONTACTS } from "./limits";

/** The file: its format and, for CSV, a byte order mark for Excel. The export form parses with this. */
export const ExportFileSchema = z.object({
  format: z.enum(["csv", "jsonl"]),
  bom: z.boolean().default(false),
});
export type ExportFile = z.input<typeof ExportFileSchema>;

/** The browser's filters as in its URL (the search trimmed, at most the platform's 200 characters), and the viewer's time zone. */
const ExportFiltersSchema = z.object({
  q: z
    .string()
    .trim()
    .max(MAX_SEARCH_LENGTH)
    .nullable()
    .default(null)
    .transform((q) => q || null),
  bot: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER).nullable().default(null),
  from: z.string().refine(isDay, "form.invalid").nullable().default(null),
  to: z.string().refine(isDay, "form.invalid").nullable().default(null),
  tz: z.string().refine(isTimeZone, "form.invalid").default("UTC"),
});

/** Starting an export: the server action parses with this (the form's schema, the filters, and the selected rows' ids or null for all). */
export const StartExportSchema = ExportFiltersSchema.extend(ExportFileSchema.shape)
  .extend({
    ids: z.array(z.number().int().positive().max(Number.MAX_SAFE_INTEGER)).min(1).max(MAX_SELECTED_CONTACTS).nullable().default(null),
  })
  .refine((input) => !input.from || !input.to || input.from <= input.to, {
    path: ["to"],
    message: "contacts.filter.range_reversed",
  });
export type StartExportInput = z.output<typeof StartExportSchema>;

export const ExportIdSchema = z.object({ id: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER) });

export const HiddenColumnsSchema = z.object({ hidden: z.array(z.string().max(32)).max(20) });
