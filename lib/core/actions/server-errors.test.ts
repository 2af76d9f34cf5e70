import { expect, test } from "vitest";
import type { FieldValues, UseFormSetError } from "react-hook-form";
import { applyServerErrors, fieldsNamed, placeErrors } from "./server-errors";

test("placeErrors: each error goes to its input or to the top of the form", () => {
  expect(placeErrors({ amount: ["Too small.", "Not a number."], schema_id: ["List not found."] }, fieldsNamed("amount", "description"))).toEqual({
    placed: [{ path: "amount", message: "Too small. Not a number." }],
    unplaced: ["List not found."],
  });
  expect(placeErrors({}, fieldsNamed("amount"))).toEqual({ placed: [], unplaced: [] });
});

test("applyServerErrors: sets each placed error as a server error on its path, and counts them", () => {
  const calls: unknown[][] = [];
  const setError = ((...args: unknown[]) => void calls.push(args)) as unknown as UseFormSetError<FieldValues>;
  const pathOf = (key: string) => (/^fields\.(\d+)\.slug$/.test(key) ? key.replace(/^fields\./, "rows.") : null);
  const result = applyServerErrors(setError, { "fields.2.slug": ["Taken."], name: ["Required."] }, pathOf, { shouldFocus: true });
  expect(result).toEqual({ placed: 1, unplaced: ["Required."] });
  expect(calls).toEqual([["rows.2.slug", { type: "server", message: "Taken." }, { shouldFocus: true }]]);
});
