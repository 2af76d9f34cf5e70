import { z } from "zod";
import { viewQueryOf } from "../browser-params";
import { MAX_VIEW_NAME_LENGTH } from "./limits";

/** Most saved views one member may keep. */
export const MAX_SAVED_VIEWS = 50;
/** Longest stored query string: 200 characters of search, each up to 12 when percent-encoded, and the other parameters. */
const MAX_QUERY_LENGTH = 4000;

const ViewNameSchema = z.string().trim().min(1, "form.required").max(MAX_VIEW_NAME_LENGTH, "form.too_long");
const ViewIdSchema = z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER);

/** The name form (saving and renaming share it). */
export const ViewNameFormSchema = z.object({ name: ViewNameSchema });
export type ViewNameForm = z.infer<typeof ViewNameFormSchema>;

/** Saving: the name and the browser's query string, kept in the serializer's own form (viewQueryOf). */
export const SaveViewSchema = ViewNameFormSchema.extend({
  query: z
    .string()
    .max(MAX_QUERY_LENGTH)
    .transform((query) => viewQueryOf(query)),
});
export type SaveViewInput = z.output<typeof SaveViewSchema>;

export const RenameViewSchema = ViewNameFormSchema.extend({ id: ViewIdSchema });
export type RenameViewInput = z.output<typeof RenameViewSchema>;

export const DeleteViewSchema = z.object({ id: ViewIdSchema });

/** A saved view as the browser lists it. */
export interface SavedView {
  id: number;
  name: string;
  /** `?q=…&bot=…`, or "" for the unfiltered list. */
  query: string;
}
