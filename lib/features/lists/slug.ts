import slugify from "@sindresorhus/slugify";
import { isReservedSlug } from "@/lib/contract/reserved-slugs";
import { MAX_NAME_LENGTH } from "@/lib/contract/facts";

/**
 * A field slug suggested from its name, as the user types: transliterated
 * (Cyrillic included: "Цена товара" → "tsena_tovara") by @sindresorhus/slugify,
 * lower case, words joined by "_". The suggestion is always a valid slug:
 * - a reserved slug gets a suffix ("Created at" → "created_at_field");
 * - a slug already taken by another row gets "_2", "_3", …;
 * - a name with nothing to transliterate falls back to `field_<n>`.
 */
export function slugFromName(name: string, options: { taken?: Iterable<string>; position?: number } = {}): string {
  let slug = slugify(name, { separator: "_", decamelize: false }).replace(/[^A-Za-z0-9_-]/g, "");
  if (!slug) slug = `field_${(options.position ?? 0) + 1}`;
  if (isReservedSlug(slug)) slug = `${slug}_field`;
  slug = slug.slice(0, MAX_NAME_LENGTH).replace(/[_-]+$/, "") || "field";
  const taken = new Set(options.taken ?? []);
  if (!taken.has(slug)) return slug;
  for (let n = 2; ; n++) {
    const suffix = `_${n}`;
    const candidate = `${slug.slice(0, MAX_NAME_LENGTH - suffix.length)}${suffix}`;
    if (!taken.has(candidate)) return candidate;
  }
}
