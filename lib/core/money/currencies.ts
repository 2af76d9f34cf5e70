/**
 * ISO 4217 currencies as the runtime's Intl knows them (the platform checks
 * codes against the same list), named in the viewer's language. One list and
 * one search for every currency picker.
 */
export interface CurrencyOption {
  code: string;
  name: string;
}

const cache = new Map<string, CurrencyOption[]>();

function allCurrencies(locale: string): CurrencyOption[] {
  const cached = cache.get(locale);
  if (cached) return cached;
  let names: Intl.DisplayNames | null = null;
  try {
    names = new Intl.DisplayNames([locale], { type: "currency" });
  } catch {
    names = null;
  }
  const options = Intl.supportedValuesOf("currency")
    .filter((code) => /^[A-Z]{3}$/.test(code))
    .map((code) => ({ code, name: names?.of(code) ?? code }));
  cache.set(locale, options);
  return options;
}

/** Every currency, named in `locale`, without the excluded codes (a contact's existing accounts). */
export function listCurrencies(locale: string, exclude: Iterable<string> = []): CurrencyOption[] {
  const excluded = new Set(exclude);
  return allCurrencies(locale).filter((option) => !excluded.has(option.code));
}

const fold = (text: string) =>
  text
    .normalize("NFD")
    .replace(/\p{Diacritic}/gu, "")
    .toLowerCase();

/** Code or name, ignoring case and accents ("dolar" finds "Dólar"): the exact code first, then codes starting with the query, then names. */
export function searchCurrencies(options: readonly CurrencyOption[], query: string): CurrencyOption[] {
  const needle = fold(query.trim());
  if (!needle) return [...options];
  const rank = (option: CurrencyOption) => {
    const code = fold(option.code);
    if (code === needle) return 0;
    if (code.startsWith(needle)) return 1;
    return fold(option.name).includes(needle) ? 2 : 3;
  };
  return options
    .map((option) => ({ option, rank: rank(option) }))
    .filter(({ rank }) => rank < 3)
    .sort((a, b) => a.rank - b.rank)
    .map(({ option }) => option);
}
