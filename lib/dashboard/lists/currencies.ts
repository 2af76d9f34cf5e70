export interface CurrencyOption {
  code: string;
  name: string;
}

const cache = new Map<string, CurrencyOption[]>();

/** Every ISO 4217 code the runtime knows (the platform checks against the same Intl list), named in the user's language. */
export function currencyOptions(locale: string): CurrencyOption[] {
  const cached = cache.get(locale);
  if (cached) return cached;
  let names: Intl.DisplayNames | null = null;
  try {
    names = new Intl.DisplayNames([locale], { type: "currency" });
  } catch {
    names = null;
  }
  const options = Intl.supportedValuesOf("currency").map((code) => ({ code, name: names?.of(code) ?? code }));
  cache.set(locale, options);
  return options;
}

/** Codes starting with the query first, then names containing it. */
export function filterCurrencies(options: readonly CurrencyOption[], query: string, locale: string): CurrencyOption[] {
  const needle = query.trim().toLocaleLowerCase(locale);
  if (!needle) return [...options];
  const byCode = options.filter((option) => option.code.toLowerCase().startsWith(needle));
  const byName = options.filter((option) => !byCode.includes(option) && option.name.toLocaleLowerCase(locale).includes(needle));
  return [...byCode, ...byName];
}
