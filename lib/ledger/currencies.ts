/**
 * ISO 4217 currencies as the runtime's Intl knows them (the platform checks codes
 * against the same list), with names in the viewer's language.
 */
export interface CurrencyOption {
  code: string;
  name: string;
}

export function listCurrencies(locale: string, exclude: Iterable<string> = []): CurrencyOption[] {
  const excluded = new Set(exclude);
  let names: Intl.DisplayNames | null = null;
  try {
    names = new Intl.DisplayNames([locale], { type: "currency" });
  } catch {
    names = null;
  }
  return Intl.supportedValuesOf("currency")
    .filter((code) => /^[A-Z]{3}$/.test(code) && !excluded.has(code))
    .map((code) => ({ code, name: names?.of(code) ?? code }));
}

/** Matches the code or the name, ignoring case and accents ("dolar" finds "Dólar"). */
export function searchCurrencies(options: CurrencyOption[], query: string): CurrencyOption[] {
  const fold = (text: string) => text.normalize("NFD").replace(/\p{Diacritic}/gu, "").toLowerCase();
  const needle = fold(query.trim());
  if (!needle) return options;
  const matches = options.filter((option) => fold(option.code).includes(needle) || fold(option.name).includes(needle));
  // An exact code first: typing "usd" puts USD on top.
  return matches.sort((a, b) => Number(fold(b.code) === needle) - Number(fold(a.code) === needle));
}
