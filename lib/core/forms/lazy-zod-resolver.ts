import type { FieldValues, Resolver } from "react-hook-form";
import type { ZodType } from "zod";
import { loadOnce } from "@/lib/core/load-once";

/**
 * A react-hook-form resolver whose zod schema loads with the form's first check, not with the page: zod (with
 * @hookform/resolvers) is the largest library of the dashboard's client code, and the page's first load stays
 * without it. `load` imports the schema's module (`() => import("@/lib/…/forms").then((forms) => forms.Schema)`); it
 * runs once, and again only after a failed load. The checks and their messages are the schema's, as with `zodResolver`.
 * In the browser the load starts as soon as the form's module runs (after the page's first load, not on the first
 * submit), so a form submitted after the connection dropped still checks its fields and reports the lost request.
 */
export function lazyZodResolver<TValues extends FieldValues, TOutput = TValues>(load: () => Promise<ZodType>): Resolver<TValues, unknown, TOutput> {
  const resolver = loadOnce(() =>
    Promise.all([load(), import("@hookform/resolvers/zod")]).then(
      ([schema, { zodResolver }]) => zodResolver(schema as never) as unknown as Resolver<TValues, unknown, TOutput>,
    ),
  );
  if (typeof window !== "undefined") void resolver().catch(() => {});
  return async (values, context, options) => (await resolver())(values, context, options);
}
