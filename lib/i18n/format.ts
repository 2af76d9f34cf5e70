/** Placeholder substitution only: no dictionaries here, so client code can import it without shipping them. */
export type Vars = Record<string, string | number | bigint>;

/** `:name` placeholders, longest names first so that `:max` is not eaten by `:m`. A key the dictionary lacks comes back as is. */
export function translate(dictionary: Record<string, string>, key: string, vars: Vars = {}): string {
  const template = dictionary[key] ?? key;
  return Object.keys(vars)
    .sort((a, b) => b.length - a.length)
    .reduce((text, name) => text.split(`:${name}`).join(String(vars[name])), template);
}
