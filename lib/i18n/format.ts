/** Placeholder substitution and plural forms only: no dictionaries here, so client code can import it without shipping them. */
export type Vars = Record<string, string | number | bigint>;

/**
 * A plural block in ICU's syntax without nesting: `{count, plural, one {:count contact} other {:count contacts}}`.
 * The form is chosen by `Intl.PluralRules` of the language from the variable named first (`=N` matches exactly);
 * placeholders inside the chosen form are then substituted like everywhere else.
 */
const PLURAL_BLOCK = /\{([a-z_0-9]+), plural,((?:\s*(?:zero|one|two|few|many|other|=\d+)\s*\{[^{}]*\})+)\s*\}/gi;
const PLURAL_FORM = /(zero|one|two|few|many|other|=\d+)\s*\{([^{}]*)\}/gi;
const pluralRules = new Map<string, Intl.PluralRules>();

/** The number a variable stands for: counts are often passed already formatted ("12 345", "12,345"). */
function countOf(value: Vars[string] | undefined): number {
  if (typeof value === "number") return value;
  if (typeof value === "bigint") return Number(value);
  const digits = String(value ?? "").replace(/\D/g, "");
  return digits === "" ? Number.NaN : Number(digits);
}

function choosePlurals(template: string, vars: Vars, locale: string): string {
  if (!template.includes(", plural,")) return template;
  let rules = pluralRules.get(locale);
  if (!rules) pluralRules.set(locale, (rules = new Intl.PluralRules(locale)));
  return template.replace(PLURAL_BLOCK, (_block, name: string, body: string) => {
    const forms = new Map<string, string>();
    for (const [, selector, text] of body.matchAll(PLURAL_FORM)) forms.set(selector.toLowerCase(), text);
    const count = countOf(vars[name]);
    return forms.get(`=${count}`) ?? forms.get(Number.isFinite(count) ? rules.select(count) : "other") ?? forms.get("other") ?? "";
  });
}

/** `:name` placeholders, longest names first so that `:max` is not eaten by `:m`. A key the dictionary lacks comes back as is. */
export function translate(dictionary: Record<string, string>, key: string, vars: Vars = {}, locale = "en"): string {
  const template = choosePlurals(dictionary[key] ?? key, vars, locale);
  return Object.keys(vars)
    .sort((a, b) => b.length - a.length)
    .reduce((text, name) => text.split(`:${name}`).join(String(vars[name])), template);
}

/**
 * Whether a translator has a text for `key`: a key the dictionary lacks comes back as is. Client code asks this of its
 * `t`, which holds only the active language's messages, instead of importing the dictionaries of both languages.
 */
export function hasText(t: (key: string) => string, key: string): boolean {
  return t(key) !== key;
}
