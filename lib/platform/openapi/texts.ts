/**
 * The words of the OpenAPI document, in English and Russian: what each operation does, its parameters, the tags, the
 * responses and headers. The shapes (parameters, bodies, limits) come from the methods' zod schemas and lib/contract; only
 * prose lives here. Markdown is allowed in descriptions (the reference page renders it).
 */
export interface Localized {
  en: string;
  ru: string;
}

export type TagName = "account" | "lists" | "records" | "accounts" | "contacts";

export interface OperationText {
  tag: TagName;
  summary: Localized;
  description: Localized;
  /** By parameter name (top level); nested keys are described in the parent's text. */
  parameters: Record<string, Localized>;
  /** A request that works (parameters as JSON), shown as the example body and query. */
  example: Record<string, unknown>;
}

export const TAG_TEXTS: Record<TagName, { name: Localized; description: Localized }> = {
  account: {
    name: { en: "Key holder", ru: "Владелец ключа" },
    description: { en: "Who the key belongs to.", ru: "Кому принадлежит ключ." },
  },
  lists: {
    name: { en: "Lists", ru: "Списки" },
    description: { en: "List schemas and their fields.", ru: "Схемы списков и их поля." },
  },
  records: {
    name: { en: "List records", ru: "Записи списков" },
    description: { en: "Records of a list (our extension).", ru: "Записи списка (наше расширение)." },
  },
  accounts: {
    name: { en: "Contact accounts", ru: "Счета контактов" },
    description: { en: "Internal balances of contacts.", ru: "Внутренние балансы контактов." },
  },
  contacts: {
    name: { en: "Contacts", ru: "Контакты" },
    description: { en: "Export, count, create or update contacts.", ru: "Выгрузка, подсчёт, создание и обновление контактов." },
  },
};

export const OPERATION_TEXTS: Record<string, OperationText> = {
  getMe: {
    tag: "account",
    summary: { en: "The key's holder", ru: "Владелец ключа" },
    description: {
      en: "The account the key belongs to, with its own projects and their live bots (not projects joined as a team member). Use it to check a key.",
      ru: "Аккаунт, которому принадлежит ключ, с его собственными проектами и их ботами (без проектов, куда он приглашён участником команды). Удобно для проверки ключа.",
    },
    parameters: {},
    example: {},
  },
};

/** What each status means, for every operation that can give it. */
export const STATUS_TEXTS: Record<number, Localized> = {
  200: { en: "Success", ru: "Успешно" },
  201: { en: "Created", ru: "Создано" },
  204: { en: "Done; no body", ru: "Выполнено; без тела ответа" },
  302: {
    en: "A failed validation without `Accept: application/json`: a redirect back (to `Referer`, else `/`)",
    ru: "Ошибка проверки без `Accept: application/json`: перенаправление назад (на `Referer`, иначе на `/`)",
  },
  400: {
    en: "The request cannot be read: parameters nested deeper than 32 levels, or a malformed body",
    ru: "Запрос нельзя прочитать: параметры вложены глубже 32 уровней или тело повреждено",
  },
  401: { en: "No key, a wrong key or a regenerated key", ru: "Нет ключа, ключ неверен или перевыпущен" },
  402: { en: "The key's owner is not on the Pro plan", ru: "У владельца ключа не тариф Pro" },
  403: {
    en: "The key holder is blocked, or the object belongs to someone else",
    ru: "Владелец ключа заблокирован или объект принадлежит другому аккаунту",
  },
  404: { en: "Not found (or deleted)", ru: "Не найдено (или удалено)" },
  410: {
    en: "The method was switched off after its sunset date",
    ru: "Метод отключён после даты вывода из эксплуатации",
  },
  413: { en: "The body is larger than the platform accepts", ru: "Тело запроса больше, чем принимает платформа" },
  422: { en: "Parameters failed validation; every invalid field is listed", ru: "Параметры не прошли проверку; перечислены все неверные поля" },
  429: { en: "Too many requests in the key holder's minute", ru: "Слишком много запросов за минуту владельца ключа" },
  500: { en: "An unexpected error; the request id is logged", ru: "Непредвиденная ошибка; идентификатор запроса записан в журнал" },
  503: {
    en: "The database cannot serve now; nothing was changed. Retry after `Retry-After` seconds",
    ru: "База данных сейчас недоступна; ничего не изменено. Повторите через `Retry-After` секунд",
  },
};
