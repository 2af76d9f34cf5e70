import { messages, type MessageKey } from "./messages";
import type { Locale } from "./config";

export type Dictionary = Record<MessageKey, string>;
export type Vars = Record<string, string | number | bigint>;
export type Translate = (key: MessageKey | (string & {}), vars?: Vars) => string;

export function dictionaryFor(locale: Locale): Dictionary {
  return messages[locale];
}

/** `:name` placeholders, longest names first so that `:max` is not eaten by `:m`. A key the dictionary lacks comes back as is. */
export function translate(dictionary: Record<string, string>, key: string, vars: Vars = {}): string {
  const template = dictionary[key] ?? key;
  return Object.keys(vars)
    .sort((a, b) => b.length - a.length)
    .reduce((text, name) => text.split(`:${name}`).join(String(vars[name])), template);
}

export function translator(locale: Locale): Translate {
  const dictionary = dictionaryFor(locale);
  return (key, vars) => translate(dictionary, key, vars);
}

export function hasMessage(key: string): key is MessageKey {
  return Object.prototype.hasOwnProperty.call(messages.en, key);
}
