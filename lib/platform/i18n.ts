import Negotiator from "negotiator";

const LANGUAGES = ["en", "ru"] as const;
export type Lang = (typeof LANGUAGES)[number];

/** Picks the error-text language from Accept-Language; English unless Russian is preferred. */
export function negotiateLanguage(acceptLanguage: string | null): Lang {
  if (!acceptLanguage) return "en";
  const picked = new Negotiator({ headers: { "accept-language": acceptLanguage } }).language([...LANGUAGES]);
  return (picked as Lang | undefined) ?? "en";
}

type Messages = Record<string, string>;

/**
 * Error texts. Keys are stable; texts may change. `:attribute`, `:max`, … are
 * replaced as Laravel's translator does.
 */
const en: Messages = {
  // validation (Laravel's wording)
  "validation.required": "The :attribute field is required.",
  "validation.string": "The :attribute field must be a string.",
  "validation.integer": "The :attribute field must be an integer.",
  "validation.numeric": "The :attribute field must be a number.",
  "validation.boolean": "The :attribute field must be true or false.",
  "validation.array": "The :attribute field must be an array.",
  "validation.object": "The :attribute field must be an object.",
  "validation.max.string": "The :attribute field must not be greater than :max characters.",
  "validation.max.numeric": "The :attribute field must not be greater than :max.",
  "validation.max.array": "The :attribute field must not have more than :max items.",
  "validation.min.string": "The :attribute field must be at least :min characters.",
  "validation.min.numeric": "The :attribute field must be at least :min.",
  "validation.min.array": "The :attribute field must have at least :min items.",
  "validation.between.array": "The :attribute field must have between :min and :max items.",
  "validation.in": "The selected :attribute is invalid.",
  "validation.email": "The :attribute field must be a valid email address.",
  "validation.regex": "The :attribute field format is invalid.",
  "validation.uuid": "The :attribute field must be a valid UUID.",
  "validation.date": "The :attribute field must be a valid date.",
  "validation.invalid": "The :attribute field is invalid.",
  "validation.nul_character": "The :attribute field must not contain the NUL character (U+0000).",
  "validation.more_errors": "(and :count more error)",
  "validation.more_errors_plural": "(and :count more errors)",
  // gateway
  "gateway.unauthorized": "unauthorized",
  "gateway.pro_required": "The API is available on the Pro plan only.",
  "gateway.blocked": "The account is blocked.",
  "gateway.too_many": "Too Many Attempts.",
  "gateway.method_removed": "The method :method was switched off on :sunset.",
  "gateway.unknown_method": "The method :method does not exist.",
  "gateway.verb_not_allowed": "The :verb method is not supported for :method. Supported methods: :allowed.",
  "gateway.server_error": "Server Error",
  "gateway.database_disk_full": "The service cannot save data right now: its disk is full. Nothing was changed; try again later.",
  "gateway.database_engine_failed": "The service's database is restarting. Nothing was changed; try again in a few seconds.",
  "gateway.malformed_json": "The request body is not valid JSON.",
  "gateway.malformed_form": "The request body is not valid multipart/form-data.",
  "gateway.payload_too_large": "The request body is larger than :max bytes.",
  "gateway.too_deep": "The request parameters are nested deeper than :max levels.",
  "gateway.database_unreachable": "The service's database cannot be reached right now. Nothing was changed; try again in a few seconds.",
};

const ru: Messages = {
  "validation.required": "Поле :attribute обязательно для заполнения.",
  "validation.string": "Поле :attribute должно быть строкой.",
  "validation.integer": "Поле :attribute должно быть целым числом.",
  "validation.numeric": "Поле :attribute должно быть числом.",
  "validation.boolean": "Поле :attribute должно иметь значение логического типа.",
  "validation.array": "Поле :attribute должно быть массивом.",
  "validation.object": "Поле :attribute должно быть объектом.",
  "validation.max.string": "Количество символов в поле :attribute не может превышать :max.",
  "validation.max.numeric": "Поле :attribute не может быть больше :max.",
  "validation.max.array": "Количество элементов в поле :attribute не может превышать :max.",
  "validation.min.string": "Количество символов в поле :attribute должно быть не меньше :min.",
  "validation.min.numeric": "Поле :attribute должно быть не меньше :min.",
  "validation.min.array": "Количество элементов в поле :attribute должно быть не меньше :min.",
  "validation.between.array": "Количество элементов в поле :attribute должно быть от :min до :max.",
  "validation.in": "Выбранное значение для :attribute некорректно.",
  "validation.email": "Поле :attribute должно быть действительным электронным адресом.",
  "validation.regex": "Поле :attribute имеет неверный формат.",
  "validation.uuid": "Поле :attribute должно быть корректным UUID.",
  "validation.date": "Поле :attribute должно быть корректной датой.",
  "validation.invalid": "Поле :attribute некорректно.",
  "validation.nul_character": "Поле :attribute не должно содержать символ NUL (U+0000).",
  "validation.more_errors": "(и ещё :count ошибка)",
  "validation.more_errors_plural": "(и ещё :count ошибок)",
  "gateway.unauthorized": "unauthorized",
  "gateway.pro_required": "API доступен только на тарифе Pro.",
  "gateway.blocked": "Аккаунт заблокирован.",
  "gateway.too_many": "Слишком много запросов.",
  "gateway.method_removed": "Метод :method отключён :sunset.",
  "gateway.unknown_method": "Метод :method не существует.",
  "gateway.verb_not_allowed": "Метод :verb не поддерживается для :method. Поддерживаются: :allowed.",
  "gateway.server_error": "Ошибка сервера",
  "gateway.database_disk_full": "Сервис сейчас не может сохранить данные: диск заполнен. Ничего не изменено; повторите попытку позже.",
  "gateway.database_engine_failed": "База данных сервиса перезапускается. Ничего не изменено; повторите попытку через несколько секунд.",
  "gateway.malformed_json": "Тело запроса не является корректным JSON.",
  "gateway.malformed_form": "Тело запроса не является корректным multipart/form-data.",
  "gateway.payload_too_large": "Тело запроса больше :max байт.",
  "gateway.too_deep": "Параметры запроса вложены глубже :max уровней.",
  "gateway.database_unreachable": "База данных сервиса сейчас недоступна. Ничего не изменено; повторите попытку через несколько секунд.",
};

const catalogs: Record<Lang, Messages> = { en, ru };

/** Lets a method area add its own texts (kept beside the method that uses them). */
export function registerMessages(lang: Lang, messages: Messages): void {
  Object.assign(catalogs[lang], messages);
}

export type Translate = (key: string, replacements?: Record<string, string | number | bigint>) => string;

export function translator(lang: Lang): Translate {
  return (key, replacements = {}) => {
    const template = catalogs[lang][key] ?? catalogs.en[key] ?? key;
    // Longest names first so that :max is not eaten by :m.
    return Object.keys(replacements)
      .sort((a, b) => b.length - a.length)
      .reduce((text, name) => text.split(`:${name}`).join(String(replacements[name])), template);
  };
}
