import { z } from "zod";
import { isDay, isTimeZone } from "../time-zone";

/**
 * Starting an export: the browser's current filters (as in its URL), the
 * viewer's time zone, and the file's format. The form and the server action parse
 * with this one schema.
 */
export const StartExportSchema = z
  .object({
    bot: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER).nullable().default(null),
    from: z.string().refine(isDay, "form.invalid").nullable().default(null),
    to: z.string().refine(isDay, "form.invalid").nullable().default(null),
    tz: z.string().refine(isTimeZone, "form.invalid").default("UTC"),
    format: z.enum(["csv", "jsonl"]),
    bom: z.boolean().default(false),
  })
  .refine((input) => !input.from || !input.to || input.from <= input.to, { path: ["to"], message: "contacts.filter.range_reversed" });
export type StartExport = z.input<typeof StartExportSchema>;
export type StartExportInput = z.output<typeof StartExportSchema>;

export const ExportIdSchema = z.object({ id: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER) });
