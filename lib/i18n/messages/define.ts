/** One area's texts in both languages; the Russian side must have exactly the English keys. */
export function defineMessages<const E extends Record<string, string>>(en: E, ru: { [K in keyof E]: string }) {
  return { en: en as Record<keyof E, string>, ru };
}
