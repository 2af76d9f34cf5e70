import { messages, type MessageKey } from "./messages";
import type { Locale } from "./config";
import { translate } from "./format";

export { translate };

export type Dictionary = Record<MessageKey, string>;
import type { Translate } from "./types";
export type { Translate };

export function dictionaryFor(locale: Locale): Dictionary {
  return messages[locale];
}

export function translator(locale: Locale): Translate {
  const dictionary = dictionaryFor(locale);
  return (key, vars) => translate(dictionary, key, vars, locale);
}

export function hasMessage(key: string): key is MessageKey {
  return Object.prototype.hasOwnProperty.call(messages.en, key);
}
