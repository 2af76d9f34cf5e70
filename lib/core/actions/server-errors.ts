import type { FieldPath, FieldValues, UseFormSetError } from "react-hook-form";
import type { FieldErrors } from "./result";

/** Which input a server field error (`fields.3.slug`, `amount`, …) belongs to: its form path, or null for the top of the form. */
export type ErrorPath = (key: string) => string | null;

/** The keys that are the form's own field names, as they are. */
export const fieldsNamed =
  (...names: string[]): ErrorPath =>
  (key) =>
    names.includes(key) ? key : null;

/** Splits field errors into those placed on an input and those for the top of the form. */
export function placeErrors(fieldErrors: FieldErrors, pathOf: ErrorPath): { placed: { path: string; message: string }[]; unplaced: string[] } {
  const placed: { path: string; message: string }[] = [];
  const unplaced: string[] = [];
  for (const [key, texts] of Object.entries(fieldErrors)) {
    const path = pathOf(key);
    if (path) placed.push({ path, message: texts.join(" ") });
    else unplaced.push(...texts);
  }
  return { placed, unplaced };
}

/**
 * The one way a form shows a server action's field errors: each on its input
 * (react-hook-form's setError, type "server"); what belongs to no input comes
 * back for the top of the form. `placed` counts the inputs that got one.
 */
export function applyServerErrors<T extends FieldValues>(
  setError: UseFormSetError<T>,
  fieldErrors: FieldErrors,
  pathOf: ErrorPath,
  options: { shouldFocus?: boolean } = {},
): { placed: number; unplaced: string[] } {
  const { placed, unplaced } = placeErrors(fieldErrors, pathOf);
  for (const { path, message } of placed) setError(path as FieldPath<T>, { type: "server", message }, { shouldFocus: options.shouldFocus ?? false });
  return { placed: placed.length, unplaced };
}
