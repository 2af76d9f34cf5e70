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

/**
 * Markdown lines joined by newlines: a single newline inside a paragraph reads as a space, `""` makes a paragraph break,
 * and `- ` lines make a list. It keeps the source lines short without changing what the reference page shows.
 */
const md = (...lines: string[]): string => lines.join("\n");

export const TAG_TEXTS: Record<TagName, { name: Localized; description: Localized }> = {
  account: {
    name: { en: "Key holder", ru: "Владелец ключа" },
    description: { en: "Who the key belongs to.", ru: "Кому принадлежит ключ." },
  },
  lists: {
    name: { en: "Lists", ru: "Списки" },
    description: {
      en: "List schemas and their fields, in the projects the key holder owns.",
      ru: "Схемы списков и их поля в проектах, которыми владеет владелец ключа.",
    },
  },
  records: {
    name: { en: "List records", ru: "Записи списков" },
    description: { en: "Records of a list (our extension).", ru: "Записи списка (наше расширение)." },
  },
  accounts: {
    name: { en: "Contact accounts", ru: "Счета контактов" },
    description: {
      en: md(
        "Internal balances of a bot's contacts (bonuses, points, a deposit), at most one per currency per contact; not bank accounts.",
        "Amounts are integers in minor units of the currency.",
      ),
      ru: md(
        "Внутренние балансы контактов бота (бонусы, баллы, депозит), не больше одного счёта в каждой валюте у контакта; это не банковские счета.",
        "Суммы — целые числа в минимальных единицах валюты (копейки, центы).",
      ),
    },
  },
  contacts: {
    name: { en: "Contacts", ru: "Контакты" },
    description: {
      en: "Export, count, create or update contacts; one contact and new contacts per day (extensions).",
      ru: "Выгрузка, подсчёт, создание и обновление контактов; один контакт и новые контакты по дням (расширения).",
    },
  },
};

// Parameter texts shared by several operations.

const CONTACT_ID: Localized = { en: "Contact ID (integer), required.", ru: "ID контакта (целое число), обязательный." };

const ACCOUNT_ID: Localized = {
  en: "Account ID (integer, the account's `id`), required.",
  ru: "ID счёта (целое число, поле `id` счёта), обязательный.",
};

const AMOUNT: Localized = {
  en: md(
    "Integer in minor units of the account's currency (cents; the whole unit for a currency without a fractional part), from 1 to 10^14, required.",
    "A JSON integer or a string of digits; a fraction, a decimal string, zero, a negative number or more than 10^14 is a `422` on `amount`.",
  ),
  ru: md(
    "Целое число в минимальных единицах валюты счёта (копейки, центы; для валюты без дробной части — целые единицы), от 1 до 10^14, обязательный.",
    "Целое число JSON или строка из цифр; дробь, десятичная строка, ноль, отрицательное число или больше 10^14 — `422` на `amount`.",
  ),
};

const JOURNAL_DESCRIPTION: Localized = {
  en: "Text written to the account journal with the operation, up to 255 characters, required.",
  ru: "Текст, который записывается в журнал счёта вместе с операцией, до 255 символов, обязательный.",
};

const CURRENCY: Localized = {
  en: "ISO 4217 code in capital letters (`USD`, `EUR`, `RUB`), required; any other value is a `422` on `currency`.",
  ru: "Код ISO 4217 заглавными буквами (`USD`, `EUR`, `RUB`), обязательный; любое другое значение — `422` на `currency`.",
};

const ACCOUNT_ERRORS: Localized = {
  en: md(
    "`404` when the account or its contact does not exist, the contact is deleted or its bot is deleted;",
    "`403` when the account belongs to another key holder's bot (also in a project the holder joined as a team member).",
  ),
  ru: md(
    "`404` — счёт или его контакт не существует, контакт удалён или удалён его бот;",
    "`403` — счёт принадлежит боту другого владельца ключа (в том числе в проекте, куда владелец ключа приглашён участником команды).",
  ),
};

const CONTACT_ERRORS: Localized = {
  en: md(
    "`404` when the contact does not exist, is deleted or its bot is deleted;",
    "`403` when the contact belongs to another key holder's bot (also in a project the holder joined as a team member).",
  ),
  ru: md(
    "`404` — контакт не существует, удалён или удалён его бот;",
    "`403` — контакт принадлежит боту другого владельца ключа (в том числе в проекте, куда владелец ключа приглашён участником команды).",
  ),
};

const DATE_FROM_UNIX: Localized = {
  en: "Unix time in seconds (integer): only contacts created at or after it.",
  ru: "Unix-время в секундах (целое число): только контакты, созданные в этот момент или позже.",
};

const DATE_TO_UNIX: Localized = {
  en: "Unix time in seconds (integer): only contacts created at or before it (its whole second included).",
  ru: "Unix-время в секундах (целое число): только контакты, созданные в этот момент или раньше (вся эта секунда включительно).",
};

const FILTER_BOT_ID: Localized = {
  en: md(
    "Only this bot's contacts (integer); without it, all the key holder's own bots.",
    "A bot that does not exist, is deleted or is not the holder's gives no contacts, not an error.",
  ),
  ru: md(
    "Только контакты этого бота (целое число); без него — все собственные боты владельца ключа.",
    "Бот, который не существует, удалён или не принадлежит владельцу ключа, даёт пустой результат, а не ошибку.",
  ),
};

const SEARCH: Localized = {
  en: md(
    "Extension: only the contacts that match this text. A contact matches when its name or email contains the text, ignoring case (`ё` and `е` are",
    "the same letter); a username (`telegram_username`, `max_username`) contains it, with or without a leading `@`; the text looks like a phone",
    "(digits with an optional `+`, spaces, dashes, dots, parentheses) with at least 3 digits and the phone's digits contain them; a messenger ID equals",
    "it exactly; or the text is digits equal to the contact ID. Name, email and username fragments need at least 3 characters with a letter or digit.",
    "`%`, `_` and `\\` are ordinary characters. A string of up to 200 characters after trimming; empty or blank is the same as none.",
  ),
  ru: md(
    "Расширение: только контакты, подходящие под этот текст. Контакт подходит, если его имя или email содержит текст без учёта регистра (`ё` и `е` —",
    "одна буква); имя пользователя (`telegram_username`, `max_username`) содержит его, с ведущим `@` или без; текст похож на телефон (цифры с",
    "необязательным `+`, пробелами, дефисами, точками, скобками), в нём не меньше 3 цифр и цифры телефона их содержат; ID в мессенджере в точности",
    "равен тексту; или текст из цифр равен ID контакта. Для имени, email и имени пользователя нужно не меньше 3 символов, среди них буква или цифра.",
    "`%`, `_` и `\\` — обычные символы. Строка до 200 символов после обрезки пробелов; пустая или из пробелов — то же, что её отсутствие.",
  ),
};

const CONTACT_IDS: Localized = {
  en: md(
    "Extension: only these contacts, an array of 1 to 1,000 integer IDs (`contact_ids[]=12&contact_ids[]=15` in a query string or form,",
    "a JSON array in a body). Only the holder's live contacts among them count, each once, combined with the other filters by AND; IDs that are",
    "unknown, deleted or someone else's match nothing. An empty array, a text, a non-integer item or more than 1,000 IDs is a `422` on",
    "`contact_ids` (or `contact_ids.N`).",
  ),
  ru: md(
    "Расширение: только эти контакты, массив от 1 до 1000 целых ID (`contact_ids[]=12&contact_ids[]=15` в строке запроса или форме, массив JSON",
    "в теле). Учитываются только действующие контакты владельца ключа из них, каждый один раз, вместе с остальными фильтрами по И; неизвестные, удалённые",
    "и чужие ID ничего не находят. Пустой массив, текст, нецелый элемент или больше 1000 ID — `422` на `contact_ids` (или `contact_ids.N`).",
  ),
};

const STATISTICS_DATE_FROM: Localized = {
  en: "First day of the range, `YYYY-MM-DD` (a real calendar day), included; required.",
  ru: "Первый день периода, `YYYY-MM-DD` (существующий календарный день), включительно; обязательный.",
};

const STATISTICS_DATE_TO: Localized = {
  en: "Last day of the range, `YYYY-MM-DD`, included; required. Not before `date_from`; the range holds at most 366 days.",
  ru: "Последний день периода, `YYYY-MM-DD`, включительно; обязательный. Не раньше `date_from`; в периоде не больше 366 дней.",
};

const TIME_ZONE: Localized = {
  en: md(
    "IANA time zone name the days are counted in (`Europe/Moscow`, `America/New_York`), default `UTC`.",
    "Offsets such as `+03:00` or `UTC+3` are not names: a `422` on `time_zone`.",
  ),
  ru: md(
    "Название часового пояса IANA, в котором считаются дни (`Europe/Moscow`, `America/New_York`), по умолчанию `UTC`.",
    "Смещения вроде `+03:00` или `UTC+3` — не названия: `422` на `time_zone`.",
  ),
};

const SCHEMA_ID: Localized = { en: "List ID (a UUID, the list's `id`), required.", ru: "ID списка (UUID, поле `id` списка), обязательный." };

const ITEM_ID: Localized = { en: "Record ID (a UUID, the record's `id`), required.", ru: "ID записи (UUID, поле `id` записи), обязательный." };

const LIST_PAGE: Localized = {
  en: "Page number, default 1. As Laravel's paginator does, anything that is not a whole number from 1 (`abc`, `0`, `-3`) is page 1.",
  ru: "Номер страницы, по умолчанию 1. Как в пагинаторе Laravel, всё, что не целое число от 1 (`abc`, `0`, `-3`), — страница 1.",
};

const LIST_ERRORS: Localized = {
  en: md(
    "`404` when the list does not exist, was deleted or `schema_id` is not a UUID (`message`, `error` and `errors.schema_id`, the same text);",
    "`403` when the list belongs to another account's project (also one the holder joined as a team member).",
  ),
  ru: md(
    "`404` — список не существует, удалён или `schema_id` не UUID (`message`, `error` и `errors.schema_id` с одним и тем же текстом);",
    "`403` — список принадлежит проекту другого аккаунта (в том числе проекту, куда владелец ключа приглашён участником команды).",
  ),
};

const ITEM_ERRORS: Localized = {
  en: md(
    "`404` (`errors.item_id`) when the record does not exist, `item_id` is not a UUID, or its list was deleted;",
    "`403` when the record belongs to another account.",
  ),
  ru: md("`404` (`errors.item_id`) — запись не существует, `item_id` не UUID или её список удалён;", "`403` — запись принадлежит другому аккаунту."),
};

const ITEM_VALUES: Localized = {
  en: md(
    "Values are checked against the field's type: `string` up to 65,535 characters; `number` a JSON number or a numeric string;",
    '`bool` `true`, `false`, `1`, `0`, `"1"`, `"0"`, `"true"`, `"false"`; `date` `YYYY-MM-DD` (a real day); `datetime` ISO 8601 with `T`',
    "(no offset means UTC; returned in UTC to the second); `money` an integer of minor units from 0 to 2^53 − 1 (no fractions, not negative);",
    "`file`, `image` an `http` or `https` URL up to 2,048 characters; `contact` the ID of a live contact of the holder; `bot` the ID of a live bot",
    "of the holder. A form cannot carry integer-like slugs (`item[0]=…` reads as an array): send those in a JSON body.",
  ),
  ru: md(
    "Значения проверяются по типу поля: `string` — до 65 535 символов; `number` — число JSON или строка с числом;",
    '`bool` — `true`, `false`, `1`, `0`, `"1"`, `"0"`, `"true"`, `"false"`; `date` — `YYYY-MM-DD` (существующий день); `datetime` — ISO 8601',
    "с `T` (без смещения — UTC; возвращается в UTC с точностью до секунды); `money` — целое число минимальных единиц валюты (копейки, центы)",
    "от 0 до 2^53 − 1 (без дробей, не отрицательное); `file`, `image` — URL `http` или `https` до 2048 символов; `contact` — ID действующего контакта",
    "владельца ключа; `bot` — ID действующего бота владельца ключа. Форма не передаёт слаги-числа (`item[0]=…` читается как массив): их нужно",
    "отправлять в теле JSON.",
  ),
};

const ENCRYPTED_503: Localized = {
  en: "`503` when the record has (or would get) an encrypted value and the server has no usable encryption key.",
  ru: "`503` — в записи есть (или появится) зашифрованное значение, а у сервера нет подходящего ключа шифрования.",
};

const OPEN_ACCOUNT: OperationText = {
  tag: "accounts",
  summary: { en: "Open a contact account", ru: "Открыть счёт контакта" },
  description: {
    en: md(
      "Opens the contact's account in a currency, with balance `0` and not blocked (`blocked_at` `null`), and answers `201` with it.",
      "A contact has at most one account per currency: when it already has one, `422` on `currency` with `code` `currency_exists`.",
      "Open the account before topping it up: the money methods work by `account_id`.",
      "",
      CONTACT_ERRORS.en,
    ),
    ru: md(
      "Открывает счёт контакта в валюте с балансом `0`, не заблокированный (`blocked_at` — `null`), и возвращает его с кодом `201`.",
      "У контакта не больше одного счёта в каждой валюте: если счёт уже есть — `422` на `currency` с `code` `currency_exists`.",
      "Откройте счёт до пополнения: методы с деньгами работают по `account_id`.",
      "",
      CONTACT_ERRORS.ru,
    ),
  },
  parameters: {
    contact_id: {
      en: "ID of the contact to open the account for (integer), required.",
      ru: "ID контакта, которому открывается счёт (целое число), обязательный.",
    },
    currency: CURRENCY,
  },
  example: { contact_id: 1001, currency: "USD" },
};

const EXAMPLE_SCHEMA_ID = "0b7e4c1a-3f2d-4e8b-9a61-5c2d7e9f1a30";
const EXAMPLE_ITEM_ID = "6f1c2d3e-4a5b-4c6d-8e7f-901a2b3c4d5e";

export const OPERATION_TEXTS: Record<string, OperationText> = {
  getMe: {
    tag: "account",
    summary: { en: "The key's holder", ru: "Кому принадлежит ключ" },
    description: {
      en: md(
        "Extension: the spec names `getMe` but does not show its fields; these are ours.",
        "The account the key belongs to (`id`, `name`, `email`, `plan`), with its own projects and their live bots",
        "(not projects joined as a team member). Use it to check a key.",
      ),
      ru: md(
        "Расширение: спецификация называет `getMe`, но не показывает его поля; эти поля — наши.",
        "Аккаунт, которому принадлежит ключ (`id`, `name`, `email`, `plan`), с его собственными проектами и их действующими ботами",
        "(без проектов, куда он приглашён участником команды). Удобно для проверки ключа.",
      ),
    },
    parameters: {},
    example: {},
  },

  // Contact accounts

  getContactAccounts: {
    tag: "accounts",
    summary: { en: "A contact's accounts", ru: "Счета контакта" },
    description: {
      en: md(
        "The contact's accounts, at most one per currency, in the order they were opened.",
        "`amount` is the balance in minor units of the currency; `amount_note` shows it in major units with the code, for display.",
        "",
        CONTACT_ERRORS.en,
      ),
      ru: md(
        "Счета контакта, не больше одного в каждой валюте, в порядке открытия.",
        "`amount` — баланс в минимальных единицах валюты (копейки, центы); `amount_note` — он же в основных единицах с кодом валюты, для показа.",
        "",
        CONTACT_ERRORS.ru,
      ),
    },
    parameters: { contact_id: CONTACT_ID },
    example: { contact_id: 1001 },
  },

  addContactAccount: OPEN_ACCOUNT,

  createContactAccount: {
    ...OPEN_ACCOUNT,
    summary: { en: "Open a contact account (alias)", ru: "Открыть счёт контакта (синоним)" },
    description: {
      en: md("The spec's alias of `addContactAccount`: the same parameters, answers and errors.", "", OPEN_ACCOUNT.description.en),
      ru: md("Синоним `addContactAccount` из спецификации: те же параметры, ответы и ошибки.", "", OPEN_ACCOUNT.description.ru),
    },
  },

  deleteContactAccount: {
    tag: "accounts",
    summary: { en: "Delete an empty contact account", ru: "Удалить пустой счёт контакта" },
    description: {
      en: md(
        "Deletes the account and answers `204` with no body. Only an account with a zero balance can be deleted: otherwise `422` on `account_id`",
        "with `code` `account_not_empty` (the text carries the balance), and nothing changes.",
        "",
        ACCOUNT_ERRORS.en,
      ),
      ru: md(
        "Удаляет счёт и отвечает `204` без тела. Удалить можно только счёт с нулевым балансом: иначе `422` на `account_id`",
        "с `code` `account_not_empty` (в тексте указан баланс), и ничего не меняется.",
        "",
        ACCOUNT_ERRORS.ru,
      ),
    },
    parameters: { account_id: ACCOUNT_ID },
    example: { account_id: 501 },
  },

  addFundsToContactAccount: {
    tag: "accounts",
    summary: { en: "Top up a contact account", ru: "Пополнить счёт контакта" },
    description: {
      en: md(
        "Adds `amount` to the balance and answers `200` with the account and its new balance.",
        "The top-up is written to the account journal as 'Deposit via API' with `description`, in the same transaction.",
        "A blocked account can be topped up. Nothing changes on any error.",
        "",
        ACCOUNT_ERRORS.en,
      ),
      ru: md(
        "Пополнение: прибавляет `amount` к балансу и возвращает `200` со счётом и новым балансом.",
        "Пополнение записывается в журнал счёта как «Deposit via API» с `description`, в той же транзакции.",
        "Заблокированный счёт пополнить можно. При любой ошибке ничего не меняется.",
        "",
        ACCOUNT_ERRORS.ru,
      ),
    },
    parameters: { account_id: ACCOUNT_ID, amount: AMOUNT, description: JOURNAL_DESCRIPTION },
    example: { account_id: 501, amount: 1500, description: "Bonus for order #1042" },
  },

  withdrawFundsFromContactAccount: {
    tag: "accounts",
    summary: { en: "Debit a contact account", ru: "Списать со счёта контакта" },
    description: {
      en: md(
        "Subtracts `amount` from the balance and answers `200` with the account and its new balance; the debit is written to the journal as",
        "'Debit via API' with `description`. The balance never goes below zero, also under concurrent requests.",
        "",
        "When the debit is not possible, nothing changes and the answer is `422` with an error on `account_id` and a `code`:",
        "- `account_blocked`: the account is blocked;",
        "- `insufficient_funds`: the balance is less than `amount` (the text carries the current balance).",
        "",
        "The block is checked before the balance. Blocking is done on the contact card, not through the API.",
        "",
        ACCOUNT_ERRORS.en,
      ),
      ru: md(
        "Списание: вычитает `amount` из баланса и возвращает `200` со счётом и новым балансом; списание записывается в журнал как",
        "«Debit via API» с `description`. Баланс никогда не становится отрицательным, в том числе при одновременных запросах.",
        "",
        "Если списать нельзя, ничего не меняется, и ответ — `422` с ошибкой на `account_id` и `code`:",
        "- `account_blocked` — счёт заблокирован;",
        "- `insufficient_funds` — баланс меньше `amount` (в тексте указан текущий баланс).",
        "",
        "Блокировка проверяется раньше баланса. Блокируют счёт в карточке контакта, а не через API.",
        "",
        ACCOUNT_ERRORS.ru,
      ),
    },
    parameters: { account_id: ACCOUNT_ID, amount: AMOUNT, description: JOURNAL_DESCRIPTION },
    example: { account_id: 501, amount: 250, description: "Order #1042" },
  },

  getContactAccountJournal: {
    tag: "accounts",
    summary: { en: "A contact account's journal", ru: "Журнал счёта контакта" },
    description: {
      en: md(
        "Extension: the account's journal, which the spec does not show. Entries newest first, 50 per page, in the paginator shape of",
        "`getListSchemas` (`data`, `links`, `meta`).",
        "",
        "An entry has `id`, `kind` (`deposit` or `debit`), `title` ('Deposit via API', 'Debit via API', or 'Operator adjustment' for the",
        "operator's changes), `amount` (always positive, minor units), `description`, `balance_after` and `created_at`. The balance always equals",
        "the journal's deposits minus its debits, and `balance_after` of the newest entry is the current balance.",
        "",
        ACCOUNT_ERRORS.en,
      ),
      ru: md(
        "Расширение: журнал счёта, которого нет в спецификации. Записи от новых к старым, по 50 на страницу, в форме пагинатора",
        "`getListSchemas` (`data`, `links`, `meta`).",
        "",
        "У записи журнала есть `id`, `kind` (`deposit` — пополнение или `debit` — списание), `title` («Deposit via API», «Debit via API» или",
        "«Operator adjustment» для изменений оператора), `amount` (сумма, всегда положительная, в минимальных единицах валюты), `description`,",
        "`balance_after` и `created_at`. Баланс всегда равен сумме пополнений журнала минус сумма списаний, а `balance_after` самой новой записи —",
        "текущий баланс.",
        "",
        ACCOUNT_ERRORS.ru,
      ),
    },
    parameters: {
      account_id: ACCOUNT_ID,
      page: {
        en: "Page number, default 1; anything but an integer of 1 or more reads as page 1.",
        ru: "Номер страницы, по умолчанию 1; всё, кроме целого числа от 1, читается как страница 1.",
      },
    },
    example: { account_id: 501, page: 1 },
  },

  getContactAccountStatistics: {
    tag: "accounts",
    summary: { en: "Contact accounts per currency and day", ru: "Счета контактов по валютам и дням" },
    description: {
      en: md(
        "Extension: the key holder's contact accounts at a glance, one entry per currency, sorted by code.",
        "",
        "- Now: `balance_total` (with `balance_total_note`), `accounts` and `blocked_accounts`, over the accounts of contacts that are not deleted",
        "of the holder's own live bots.",
        "- Per calendar day of `date_from`…`date_to` in `time_zone`, every day present (zeros included): `top_ups` and `debits` made through the",
        "API (sums in minor units) with `top_up_count` and `debit_count`. An operator's adjustment is neither. Days are history: a movement stays",
        "in its day when its account or contact is deleted later.",
        "",
        "A currency is listed when the holder has an account in it or a movement in the range; none gives `[]`.",
        "`422` on `date_from`, `date_to`, `time_zone` or `currency`, every invalid field listed.",
      ),
      ru: md(
        "Расширение: сводка по счетам контактов владельца ключа, по одному элементу на валюту, по возрастанию кода.",
        "",
        "- Сейчас: `balance_total` (и `balance_total_note`), `accounts` и `blocked_accounts` — по счетам неудалённых контактов",
        "собственных действующих ботов владельца ключа.",
        "- По каждому календарному дню от `date_from` до `date_to` в `time_zone`, все дни, включая нулевые: суммы пополнений (`top_ups`) и списаний",
        "(`debits`) через API в минимальных единицах валюты и их число (`top_up_count`, `debit_count`). Корректировка оператора не считается ни тем,",
        "ни другим. Дни — это история: движение остаётся в своём дне, даже если счёт или контакт потом удалят.",
        "",
        "Валюта попадает в ответ, если у владельца ключа есть счёт в ней или движение за период; если таких нет — `[]`.",
        "`422` на `date_from`, `date_to`, `time_zone` или `currency`, перечислены все неверные поля.",
      ),
    },
    parameters: {
      date_from: STATISTICS_DATE_FROM,
      date_to: STATISTICS_DATE_TO,
      time_zone: TIME_ZONE,
      currency: {
        en: "Only this currency: an ISO 4217 code in capital letters, optional; any other value is a `422` on `currency`.",
        ru: "Только эта валюта: код ISO 4217 заглавными буквами, необязательный; любое другое значение — `422` на `currency`.",
      },
    },
    example: { date_from: "2026-03-01", date_to: "2026-03-31", time_zone: "Europe/Moscow", currency: "USD" },
  },

  // Contacts

  getContacts: {
    tag: "contacts",
    summary: { en: "Export contacts", ru: "Выгрузка контактов" },
    description: {
      en: md(
        "Contacts of the key holder's own bots, by ascending `id` in both paging modes (unless the `sort` extension asks otherwise).",
        "Preview contacts (made while testing a bot), deleted contacts and the contacts of deleted bots never appear.",
        "",
        "- **Page mode** (neither `offset` nor `limit` sent): `page` and `count`; the answer is Laravel's paginator, `data`, `links`",
        "(`first`, `last`, `prev`, `next`) and `meta` (`current_page`, `from`, `last_page`, `links`, `path`, `per_page`, `to`, `total`).",
        "The links carry only `page`: send the other parameters again with every request. `next` is `null` on the last page.",
        "- **Offset mode** (`offset` or `limit` sent; `page` and `count` are then ignored): `data` and `meta` (`offset`, `limit`, `total`),",
        "no `links`. The export is complete when `data` holds fewer than `limit` contacts or `offset + limit` reaches `total`.",
        "",
        "A `bot_id` that does not exist or is not the holder's gives an empty list, not an error. An out-of-range or non-integer value is a",
        "`422` on that parameter. `search`, `sort` and `contact_ids` are our extensions; a platform without them ignores them.",
      ),
      ru: md(
        "Контакты собственных ботов владельца ключа, по возрастанию `id` в обоих режимах постраничной выдачи (если расширение `sort` не задаёт",
        "другой порядок). Контакты из предпросмотра (созданные при тестировании бота), удалённые контакты и контакты удалённых ботов не выдаются.",
        "",
        "- **Режим страниц** (не переданы ни `offset`, ни `limit`): `page` и `count`; ответ — пагинатор Laravel: `data`, `links`",
        "(`first`, `last`, `prev`, `next`) и `meta` (`current_page`, `from`, `last_page`, `links`, `path`, `per_page`, `to`, `total`).",
        "Ссылки содержат только `page`: остальные параметры нужно передавать заново в каждом запросе. На последней странице `next` — `null`.",
        "- **Режим смещения** (передан `offset` или `limit`; `page` и `count` тогда игнорируются): `data` и `meta` (`offset`, `limit`, `total`),",
        "без `links`. Выгрузка закончена, когда в `data` меньше `limit` контактов или `offset + limit` достигает `total`.",
        "",
        "`bot_id`, который не существует или не принадлежит владельцу ключа, даёт пустой список, а не ошибку. Значение вне диапазона или не целое —",
        "`422` на этом параметре. `search`, `sort` и `contact_ids` — наши расширения; платформа без них их игнорирует.",
      ),
    },
    parameters: {
      bot_id: FILTER_BOT_ID,
      date_from: DATE_FROM_UNIX,
      date_to: DATE_TO_UNIX,
      search: SEARCH,
      contact_ids: CONTACT_IDS,
      count: {
        en: "Page mode: contacts per page, 1 to 500, default 20.",
        ru: "Режим страниц: контактов на странице, от 1 до 500, по умолчанию 20.",
      },
      page: { en: "Page mode: page number from 1, default 1.", ru: "Режим страниц: номер страницы от 1, по умолчанию 1." },
      offset: {
        en: "Offset mode: contacts to skip, from 0, default 0. Sending it switches to offset paging.",
        ru: "Режим смещения: сколько контактов пропустить, от 0, по умолчанию 0. Если он передан, включается режим смещения.",
      },
      limit: {
        en: "Offset mode: contacts per batch, 1 to 1000, default 100. Sending it switches to offset paging.",
        ru: "Режим смещения: контактов в порции, от 1 до 1000, по умолчанию 100. Если он передан, включается режим смещения.",
      },
      sort: {
        en: md(
          "Extension: `id` (default, the spec's order), `-id`, `created_at` or `-created_at`; a leading `-` is descending. The creation orders",
          "break ties by `id` in the same direction. Any other value is a `422` on `sort`. Deep offsets are cheap only in the default order.",
        ),
        ru: md(
          "Расширение: `id` (по умолчанию, порядок спецификации), `-id`, `created_at` или `-created_at`; ведущий `-` — по убыванию. В порядках по",
          "времени создания равенство разрешается по `id` в том же направлении. Любое другое значение — `422` на `sort`. Большие смещения дёшевы",
          "только в порядке по умолчанию.",
        ),
      },
      with: {
        en: "Accepted for compatibility and ignored: tags and variables are always returned.",
        ru: "Принимается для совместимости и игнорируется: теги и переменные возвращаются всегда.",
      },
    },
    example: { bot_id: 101, date_from: 1767225600, count: 100, page: 1 },
  },

  getNumberOfContacts: {
    tag: "contacts",
    summary: { en: "Count contacts", ru: "Количество контактов" },
    description: {
      en: md(
        "How many contacts `getContacts` lists for the same filters, as `{count}` at the top level, without `data`.",
        "A `bot_id` that does not exist or is not the holder's gives `0`, not an error. `search` and `contact_ids` are our extensions.",
      ),
      ru: md(
        "Сколько контактов выдаёт `getContacts` с теми же фильтрами: `{count}` на верхнем уровне, без `data`.",
        "`bot_id`, который не существует или не принадлежит владельцу ключа, даёт `0`, а не ошибку. `search` и `contact_ids` — наши расширения.",
      ),
    },
    parameters: { bot_id: FILTER_BOT_ID, date_from: DATE_FROM_UNIX, date_to: DATE_TO_UNIX, search: SEARCH, contact_ids: CONTACT_IDS },
    example: { bot_id: 101, date_from: 1767225600, date_to: 1769903999 },
  },

  createOrUpdateContact: {
    tag: "contacts",
    summary: { en: "Create or update a contact", ru: "Создать или обновить контакт" },
    description: {
      en: md(
        "Looks the contact up in the bot by the messenger ID (`telegram_id`, `max_id`, `vk_id` or `viber_id`) among live contacts",
        "(a deleted or preview contact with the same ID does not count).",
        "",
        "- Not found: creates it and answers `201` with `{data: <contact>}`. Its first message is 'Created from API' and the bot's subscriber",
        "count rises; no scenario starts and nothing is sent to the contact.",
        "- Found: updates it and answers `200` with the same shape. `name` is always replaced; `email`, `address`, `phone`, `telegram_username`",
        "and `max_username` change only when sent non-empty (this method cannot clear them); `tags`, when sent, replace all tags and `[]` removes",
        "them (a form or query string cannot send an empty array: use JSON); variables are untouched.",
        "",
        "Two simultaneous calls for the same new messenger ID create one contact: one answers `201`, the other `200`.",
        "`404` with `errors.bot_id` when no bot of the holder has `bot_id`; `422` when the ID for the chosen messenger is missing or a value",
        "is invalid (phone, email, lengths).",
      ),
      ru: md(
        "Ищет контакт в боте по ID в мессенджере (`telegram_id`, `max_id`, `vk_id` или `viber_id`) среди действующих контактов",
        "(не удалённых и не из предпросмотра).",
        "",
        "- Не найден: создаёт его и отвечает `201` с `{data: <contact>}`. Его первое сообщение — «Created from API», число подписчиков бота",
        "растёт; сценарий не запускается, контакту ничего не отправляется.",
        "- Найден: обновляет его и отвечает `200` с тем же телом. `name` заменяется всегда; `email`, `address`, `phone`, `telegram_username`",
        "и `max_username` меняются, только если переданы непустыми (очистить их этим методом нельзя); `tags`, если переданы, заменяют все теги,",
        "а `[]` удаляет их (форма или строка запроса не передаёт пустой массив: используйте JSON); переменные не меняются.",
        "",
        "Два одновременных вызова с одним и тем же новым ID создают один контакт: один отвечает `201`, другой — `200`.",
        "`404` с `errors.bot_id` — у владельца ключа нет бота `bot_id`; `422` — не передан ID для выбранного мессенджера или значение неверно",
        "(телефон, email, длина).",
      ),
    },
    parameters: {
      bot_id: {
        en: "The key holder's bot (integer), required; any other bot is a `404` on `bot_id`.",
        ru: "Бот владельца ключа (целое число), обязательный; любой другой бот — `404` на `bot_id`.",
      },
      messenger: {
        en: "`telegram`, `max`, `viber` or `vk`, required (`web` is refused).",
        ru: "`telegram`, `max`, `viber` или `vk`, обязательный (`web` не принимается).",
      },
      name: {
        en: "Contact name, up to 255 characters, required; replaces the name on every call.",
        ru: "Имя контакта, до 255 символов, обязательный; заменяет имя при каждом вызове.",
      },
      telegram_id: {
        en: "Telegram user ID (a positive integer); required when `messenger` is `telegram`.",
        ru: "ID пользователя Telegram (положительное целое число); обязателен, если `messenger` — `telegram`.",
      },
      telegram_username: {
        en: "Telegram username, up to 255 characters; a leading `@` is dropped.",
        ru: "Имя пользователя Telegram, до 255 символов; ведущий `@` отбрасывается.",
      },
      max_id: {
        en: "MAX user ID (a positive integer); required when `messenger` is `max` (or send `max_user_id`).",
        ru: "ID пользователя MAX (положительное целое число); обязателен, если `messenger` — `max` (или передайте `max_user_id`).",
      },
      max_user_id: { en: "Alias of `max_id`.", ru: "Синоним `max_id`." },
      max_username: {
        en: "MAX username, up to 255 characters; a leading `@` is dropped.",
        ru: "Имя пользователя MAX, до 255 символов; ведущий `@` отбрасывается.",
      },
      vk_id: {
        en: "VK user ID (a positive integer); required when `messenger` is `vk` (or send `vk_user_id`).",
        ru: "ID пользователя VK (положительное целое число); обязателен, если `messenger` — `vk` (или передайте `vk_user_id`).",
      },
      vk_user_id: { en: "Alias of `vk_id`.", ru: "Синоним `vk_id`." },
      viber_id: {
        en: "Viber user ID, a string of up to 255 characters; required when `messenger` is `viber`.",
        ru: "ID пользователя Viber, строка до 255 символов; обязателен, если `messenger` — `viber`.",
      },
      phone: {
        en: "`+` followed by digits, 9 to 16 characters including the plus (`+79991234567`); stored as digits without `+`. `null` equals not sending it.",
        ru: "`+` и цифры, от 9 до 16 символов вместе с плюсом (`+79991234567`); хранится цифрами без `+`. `null` — то же, что не передавать.",
      },
      email: { en: "Email address, up to 255 characters.", ru: "Адрес электронной почты, до 255 символов." },
      address: { en: "Address, up to 255 characters.", ru: "Адрес, до 255 символов." },
      tags: {
        en: "Array of up to 100 strings of up to 255 characters each; when sent, replaces all the contact's tags (`[]` removes them).",
        ru: "Массив до 100 строк, каждая до 255 символов; если передан, заменяет все теги контакта (`[]` удаляет их).",
      },
    },
    example: {
      bot_id: 101,
      messenger: "telegram",
      telegram_id: 123456789,
      telegram_username: "anna_petrova",
      name: "Anna Petrova",
      phone: "+79991234567",
      email: "anna@example.com",
      tags: ["vip", "newsletter"],
    },
  },

  getContact: {
    tag: "contacts",
    summary: { en: "One contact", ru: "Один контакт" },
    description: {
      en: md(
        "Extension: one contact by its ID, `{data: <contact>}` in the same shape as `getContacts`.",
        "`404` (`errors.contact_id`) when the contact does not exist, is deleted or is a preview contact, or its bot is deleted;",
        "`403` when it belongs to someone else's bot (also in a project the holder only joined as a team member).",
      ),
      ru: md(
        "Расширение: один контакт по ID, `{data: <contact>}` в том же виде, что в `getContacts`.",
        "`404` (`errors.contact_id`) — контакт не существует, удалён, создан в предпросмотре или удалён его бот;",
        "`403` — контакт принадлежит чужому боту (в том числе в проекте, куда владелец ключа только приглашён участником команды).",
      ),
    },
    parameters: { contact_id: CONTACT_ID },
    example: { contact_id: 1001 },
  },

  getContactStatistics: {
    tag: "contacts",
    summary: { en: "New contacts per day", ru: "Новые контакты по дням" },
    description: {
      en: md(
        "Extension: the contacts created on each calendar day of `date_from`…`date_to` in `time_zone`, every day in order (`0` for a day",
        "without contacts), and `total`, the number of contacts in scope now (what `getNumberOfContacts` answers for the same `bot_id`).",
        "",
        "A contact belongs to the day its `created_at` falls in, in `time_zone`: one created at 23:30 UTC is on the next day in Moscow (UTC+3);",
        "a day is 23 or 25 hours long when the clocks change. The contacts are those `getContacts` lists.",
        "`422` on `date_from`, `date_to`, `time_zone` or `bot_id`, every invalid field listed.",
      ),
      ru: md(
        "Расширение: сколько контактов создано в каждый календарный день от `date_from` до `date_to` в `time_zone`, все дни по порядку (`0` для",
        "дня без контактов), и `total` — число контактов в выборке сейчас (то, что отвечает `getNumberOfContacts` для того же `bot_id`).",
        "",
        "Контакт относится к дню, на который приходится его `created_at` в `time_zone`: созданный в 23:30 UTC — на следующий день по Москве",
        "(UTC+3); при переводе часов в дне 23 или 25 часов. Учитываются те же контакты, что выдаёт `getContacts`.",
        "`422` на `date_from`, `date_to`, `time_zone` или `bot_id`, перечислены все неверные поля.",
      ),
    },
    parameters: {
      date_from: STATISTICS_DATE_FROM,
      date_to: STATISTICS_DATE_TO,
      time_zone: TIME_ZONE,
      bot_id: {
        en: "Only this bot (integer), optional; a bot that does not exist or is not the holder's gives zeros, not an error.",
        ru: "Только этот бот (целое число), необязательный; бот, который не существует или не принадлежит владельцу ключа, даёт нули, а не ошибку.",
      },
    },
    example: { date_from: "2026-03-01", date_to: "2026-03-31", time_zone: "Europe/Moscow", bot_id: 101 },
  },

  // Lists and fields

  getListSchemas: {
    tag: "lists",
    summary: { en: "All lists", ru: "Все списки" },
    description: {
      en: md(
        "The lists of all projects the key holder owns (never a project joined as a team member), oldest first (`created_at`, then `id`),",
        "50 per page (fixed), in Laravel's paginator shape: `data`; `links` with `first`, `last`, `prev`, `next` (`null` when absent);",
        "`meta` with `current_page`, `from`, `last_page`, `path`, `per_page` (50), `to`, `total`.",
        "A page past the end is an empty `data` with `from` and `to` `null`.",
      ),
      ru: md(
        "Списки всех проектов, которыми владеет владелец ключа (без проектов, куда он приглашён участником команды), от старых к новым",
        "(`created_at`, затем `id`), по 50 на страницу (фиксировано), в форме пагинатора Laravel: `data`; `links` с `first`, `last`, `prev`,",
        "`next` (`null`, если нет); `meta` с `current_page`, `from`, `last_page`, `path`, `per_page` (50), `to`, `total`.",
        "Страница за последней — пустой `data` с `from` и `to`, равными `null`.",
      ),
    },
    parameters: { page: LIST_PAGE },
    example: { page: 1 },
  },

  getListSchema: {
    tag: "lists",
    summary: { en: "One list schema", ru: "Схема списка" },
    description: {
      en: md(
        "One list by its ID: `{data: <list schema>}`, with `fields`, a map slug → field definition in field order.",
        "The server writes `fields` in field order also for integer-like slugs, but `JSON.parse` moves such keys first: a client that needs",
        "the order must read it with an order-keeping parser (or avoid integer-like slugs).",
        "",
        LIST_ERRORS.en,
      ),
      ru: md(
        "Один список по ID: `{data: <list schema>}`, где `fields` — словарь слаг → описание поля в порядке полей.",
        "Сервер пишет `fields` в порядке полей и для слагов-чисел, но `JSON.parse` переносит такие ключи в начало: клиенту, которому важен",
        "порядок, нужен парсер, сохраняющий порядок ключей (или слаги не из одних цифр).",
        "",
        LIST_ERRORS.ru,
      ),
    },
    parameters: { schema_id: SCHEMA_ID },
    example: { schema_id: EXAMPLE_SCHEMA_ID },
  },

  createListSchema: {
    tag: "lists",
    summary: { en: "Create a list", ru: "Создать список" },
    description: {
      en: md(
        "Creates a list with its fields and answers `201` with `{data: <list schema>}`, the fields in the order sent. The list goes to",
        "`project_uuid` (its `bot_id` is then `null`), or to the project of `bot_id` and is marked as created in that bot; when both are sent,",
        "`bot_id` wins and `project_uuid` is not looked at.",
        "",
        "In a GET request (or a form) the fields go in bracket notation:",
        "`fields[0][name]=Price&fields[0][slug]=price&fields[0][type]=money&fields[0][currency]=EUR`.",
        'Booleans take `true`, `false`, `1`, `0`, `"1"`, `"0"`, `"true"`, `"false"`.',
        "",
        "Errors, in this order:",
        "- `422` listing every invalid parameter on its dotted key (`name`, `project_uuid`, `bot_id`, `fields`, `fields.N.slug`, …; N is the",
        "zero-based position): a repeated or reserved slug on `fields.N.slug`, an unknown code on `fields.N.currency`, a bot that does not exist",
        "or is deleted on `bot_id`, a project that does not exist (or a value that is not a UUID) on `project_uuid`;",
        "- `422` on `fields.N.is_encryptable` for an encrypted field while the server has no encryption key;",
        "- `403` when the bot or project belongs to another account (also one the holder joined as a team member);",
        "- `403` with `message` and `error` both 'A project cannot have more than 5000 lists' when the project already holds 5,000 lists",
        "(also under concurrent creates).",
      ),
      ru: md(
        "Создаёт список с полями и отвечает `201` с `{data: <list schema>}`, поля — в порядке отправки. Список создаётся в `project_uuid`",
        "(тогда его `bot_id` — `null`) или в проекте бота `bot_id` и помечается как созданный в этом боте; если переданы оба, побеждает `bot_id`,",
        "а `project_uuid` не проверяется.",
        "",
        "В GET-запросе (или форме) поля передаются в скобочной записи:",
        "`fields[0][name]=Price&fields[0][slug]=price&fields[0][type]=money&fields[0][currency]=EUR`.",
        'Логические значения: `true`, `false`, `1`, `0`, `"1"`, `"0"`, `"true"`, `"false"`.',
        "",
        "Ошибки, в этом порядке:",
        "- `422` со всеми неверными параметрами по их ключам через точку (`name`, `project_uuid`, `bot_id`, `fields`, `fields.N.slug`, …; N —",
        "позиция с нуля): повторный или зарезервированный слаг — на `fields.N.slug`, неизвестный код — на `fields.N.currency`, несуществующий",
        "или удалённый бот — на `bot_id`, несуществующий проект (или значение не UUID) — на `project_uuid`;",
        "- `422` на `fields.N.is_encryptable` — шифруемое поле, а у сервера нет ключа шифрования;",
        "- `403` — бот или проект принадлежит другому аккаунту (в том числе тому, куда владелец ключа приглашён участником команды);",
        "- `403` с `message` и `error` «A project cannot have more than 5000 lists» — в проекте уже 5000 списков",
        "(в том числе при одновременных созданиях).",
      ),
    },
    parameters: {
      name: { en: "List name, up to 255 characters, required.", ru: "Название списка, до 255 символов, обязательный." },
      project_uuid: {
        en: "UUID of a project the key holder owns; required when `bot_id` is not sent.",
        ru: "UUID проекта, которым владеет владелец ключа; обязателен, если не передан `bot_id`.",
      },
      bot_id: {
        en: md(
          "A live bot of the key holder (integer); required when `project_uuid` is not sent. The list goes to the bot's project and carries",
          "`bot_id`. When both are sent, `bot_id` wins.",
        ),
        ru: md(
          "Действующий бот владельца ключа (целое число); обязателен, если не передан `project_uuid`. Список создаётся в проекте бота",
          "и получает `bot_id`. Если переданы оба, побеждает `bot_id`.",
        ),
      },
      fields: {
        en: md(
          "Array of 1 to 30 field definitions, required (`[]` counts as absent). Each field:",
          "`name` (up to 255 characters, required);",
          "`slug` (ASCII letters, digits, `-`, `_`, up to 255, unique in the list, case-sensitive, required; not reserved: `id`, `item_id`,",
          "`schema_id`, `list_id`, `project`, `project_uuid`, `bot_id`, `created_at`, `updated_at`, `deleted_at`, `__proto__`, `constructor`,",
          "`prototype`, compared without regard to case);",
          "`type` (`string`, `number`, `bool`, `date`, `datetime`, `money`, `file`, `image`, `contact` or `bot`, required);",
          "`currency` (for `money`: an ISO 4217 code in capitals, default `USD`; sent for another type, it is checked, then not kept);",
          "`is_required` (default `true`); `is_hidden` (default `false`; hides the field in the interface, the API still returns it);",
          "`is_encryptable` (default `false`; values stored encrypted; needs the server's encryption key).",
        ),
        ru: md(
          "Массив от 1 до 30 описаний полей, обязательный (`[]` считается отсутствием). Каждое поле:",
          "`name` (до 255 символов, обязательное);",
          "`slug` (латинские буквы, цифры, `-`, `_`, до 255, уникальный в списке, с учётом регистра, обязательный; не зарезервированный: `id`,",
          "`item_id`, `schema_id`, `list_id`, `project`, `project_uuid`, `bot_id`, `created_at`, `updated_at`, `deleted_at`, `__proto__`,",
          "`constructor`, `prototype`, без учёта регистра);",
          "`type` (`string`, `number`, `bool`, `date`, `datetime`, `money`, `file`, `image`, `contact` или `bot`, обязательное);",
          "`currency` (для `money`: код ISO 4217 заглавными буквами, по умолчанию `USD`; для другого типа проверяется, но не сохраняется);",
          "`is_required` (по умолчанию `true`); `is_hidden` (по умолчанию `false`; скрывает поле в интерфейсе, API его всё равно возвращает);",
          "`is_encryptable` (по умолчанию `false`; значения хранятся зашифрованными; нужен ключ шифрования сервера).",
        ),
      },
      is_menu: {
        en: "Outdated flag: stored and returned, no effect.",
        ru: "Устаревший флаг: сохраняется и возвращается, ни на что не влияет.",
      },
    },
    example: {
      name: "Orders",
      project_uuid: "3c9a5e2b-7d41-4f8a-b6c0-1e2f3a4b5c6d",
      fields: [
        { name: "Title", slug: "title", type: "string" },
        { name: "Price", slug: "price", type: "money", currency: "EUR", is_required: false },
      ],
    },
  },

  deleteListSchema: {
    tag: "lists",
    summary: { en: "Delete a list", ru: "Удалить список" },
    description: {
      en: md(
        "Deletes the list with its fields and records and answers `204` with no body. Afterwards every method naming the list answers `404`,",
        "and `updateListItem` / `deleteListItem` with the IDs of its records answer `404` (`errors.item_id`).",
        "",
        LIST_ERRORS.en,
      ),
      ru: md(
        "Удаляет список вместе с полями и записями и отвечает `204` без тела. После этого каждый метод с этим списком отвечает `404`,",
        "а `updateListItem` / `deleteListItem` с ID его записей — `404` (`errors.item_id`).",
        "",
        LIST_ERRORS.ru,
      ),
    },
    parameters: { schema_id: SCHEMA_ID },
    example: { schema_id: EXAMPLE_SCHEMA_ID },
  },

  addListSchemaField: {
    tag: "lists",
    summary: { en: "Add a field to a list", ru: "Добавить поле в список" },
    description: {
      en: md(
        "Adds one field at the end of the list and answers `204` with no body; call `getListSchema` to see the result.",
        "Existing records do not change; a new required field must be filled whenever a record is added.",
        "In a GET request the field goes in bracket notation: `field[name]=Count&field[slug]=count&field[type]=number`.",
        "",
        "- `422` on `field.slug` when the slug already exists in the list, is reserved, or breaks the charset or length;",
        "- `422` on `field.currency` when it is absent for `money` or unknown;",
        "- `422` on `field.is_encryptable` for an encrypted field while the server has no encryption key;",
        "- " + LIST_ERRORS.en,
      ),
      ru: md(
        "Добавляет одно поле в конец списка и отвечает `204` без тела; результат покажет `getListSchema`.",
        "Существующие записи не меняются; новое обязательное поле нужно заполнять при каждом добавлении записи.",
        "В GET-запросе поле передаётся в скобочной записи: `field[name]=Count&field[slug]=count&field[type]=number`.",
        "",
        "- `422` на `field.slug` — слаг уже есть в списке, зарезервирован или нарушает набор символов или длину;",
        "- `422` на `field.currency` — не передан для `money` или неизвестен;",
        "- `422` на `field.is_encryptable` — шифруемое поле, а у сервера нет ключа шифрования;",
        "- " + LIST_ERRORS.ru,
      ),
    },
    parameters: {
      schema_id: SCHEMA_ID,
      field: {
        en: md(
          "The new field, required: `name`, `slug`, `type`, `is_required`, `is_hidden` and `is_encryptable` as one entry of `fields` in",
          "`createListSchema`; here `currency` (an ISO 4217 code in capitals) is required for `money`.",
        ),
        ru: md(
          "Новое поле, обязательный: `name`, `slug`, `type`, `is_required`, `is_hidden` и `is_encryptable` — как один элемент `fields`",
          "в `createListSchema`; здесь `currency` (код ISO 4217 заглавными буквами) для `money` обязателен.",
        ),
      },
    },
    example: { schema_id: EXAMPLE_SCHEMA_ID, field: { name: "Quantity", slug: "quantity", type: "number", is_required: false } },
  },

  deleteListSchemaField: {
    tag: "lists",
    summary: { en: "Delete a field of a list", ru: "Удалить поле списка" },
    description: {
      en: md(
        "Deletes the field and erases its values in every record of the list at once, irreversibly; answers `204` with no body.",
        "A field added later with the same slug starts empty in every record.",
        "",
        "- `422` on `slug` ('Field not found') when the list has no such field;",
        "- " + LIST_ERRORS.en,
      ),
      ru: md(
        "Удаляет поле и сразу, безвозвратно стирает его значения во всех записях списка; отвечает `204` без тела.",
        "Поле, добавленное позже с тем же слагом, во всех записях начинается пустым.",
        "",
        "- `422` на `slug` («Field not found») — в списке нет такого поля;",
        "- " + LIST_ERRORS.ru,
      ),
    },
    parameters: {
      schema_id: SCHEMA_ID,
      slug: { en: "Slug of the field to delete (case-sensitive), required.", ru: "Слаг удаляемого поля (с учётом регистра), обязательный." },
    },
    example: { schema_id: EXAMPLE_SCHEMA_ID, slug: "quantity" },
  },

  // Records (extension)

  getListItems: {
    tag: "records",
    summary: { en: "Records of a list", ru: "Записи списка" },
    description: {
      en: md(
        "Extension: the list's records, oldest first, 50 per page (fixed), in the paginator shape of `getListSchemas`.",
        "A record is `{id, schema_id, values, created_at, updated_at}`; `values` holds every field of the list in field order, `null` where the",
        "record has no value; encrypted values are returned decrypted. The links carry only `page`: send `schema_id` again with every request.",
        "",
        "- " + LIST_ERRORS.en,
        "- `503` when a record holds an encrypted value the server cannot read (no encryption key, or another key).",
      ),
      ru: md(
        "Расширение: записи списка от старых к новым, по 50 на страницу (фиксировано), в форме пагинатора `getListSchemas`.",
        "Запись — `{id, schema_id, values, created_at, updated_at}`; в `values` все поля списка в порядке полей, `null` там, где у записи нет",
        "значения; зашифрованные значения возвращаются расшифрованными. Ссылки содержат только `page`: `schema_id` нужно передавать в каждом запросе.",
        "",
        "- " + LIST_ERRORS.ru,
        "- `503` — в записи есть зашифрованное значение, которое сервер не может прочитать (нет ключа шифрования или ключ другой).",
      ),
    },
    parameters: { schema_id: SCHEMA_ID, page: LIST_PAGE },
    example: { schema_id: EXAMPLE_SCHEMA_ID, page: 1 },
  },

  addListItem: {
    tag: "records",
    summary: { en: "Add a record to a list", ru: "Добавить запись в список" },
    description: {
      en: md(
        "Extension: adds a record and answers `201` with `{data: <record>}`. Every required field must have a value: absent, `null` or an empty",
        "string is a `422` on `item.<slug>`. Optional fields left out are not stored. A slug that is not a field of the list is a `422` on",
        "`item.<slug>`; one `422` lists every invalid slug, in field order, then unknown slugs. Nothing is written on any error.",
        "",
        "- `404` (`errors.schema_id`) / `403` for the list as in `getListSchema`;",
        "- " + ENCRYPTED_503.en,
      ),
      ru: md(
        "Расширение: добавляет запись и отвечает `201` с `{data: <record>}`. У каждого обязательного поля должно быть значение: отсутствие, `null`",
        "или пустая строка — `422` на `item.<slug>`. Не переданные необязательные поля не сохраняются. Слаг, которого нет среди полей списка, —",
        "`422` на `item.<slug>`; один ответ `422` перечисляет все неверные слаги в порядке полей, затем неизвестные. При любой ошибке ничего",
        "не записывается.",
        "",
        "- `404` (`errors.schema_id`) / `403` для списка — как в `getListSchema`;",
        "- " + ENCRYPTED_503.ru,
      ),
    },
    parameters: {
      schema_id: SCHEMA_ID,
      item: {
        en: md("Object slug → value, required (absent or `{}` is a `422`; an array or a scalar too).", ITEM_VALUES.en),
        ru: md("Объект слаг → значение, обязательный (отсутствие или `{}` — `422`; массив или скаляр тоже).", ITEM_VALUES.ru),
      },
    },
    example: { schema_id: EXAMPLE_SCHEMA_ID, item: { title: "Red chair", price: 12900 } },
  },

  updateListItem: {
    tag: "records",
    summary: { en: "Update a record", ru: "Изменить запись" },
    description: {
      en: md(
        "Extension: a partial update that answers `200` with `{data: <record>}`. Only the slugs sent change; the others keep their values,",
        'so two concurrent updates of different slugs both stick. `null` (or `""`) clears an optional field; for a required field it is a',
        "`422`. A record that predates a required field can be updated without it. A slug that is not a field of the list is a `422` on",
        "`item.<slug>`. Nothing is written on any error.",
        "",
        "- " + ITEM_ERRORS.en,
        "- " + ENCRYPTED_503.en,
      ),
      ru: md(
        "Расширение: частичное изменение, ответ `200` с `{data: <record>}`. Меняются только переданные слаги, остальные сохраняют значения,",
        'поэтому два одновременных изменения разных слагов оба применяются. `null` (или `""`) очищает необязательное поле; для обязательного',
        "это `422`. Запись, созданную до появления обязательного поля, можно изменять без него. Слаг, которого нет среди полей списка, —",
        "`422` на `item.<slug>`. При любой ошибке ничего не записывается.",
        "",
        "- " + ITEM_ERRORS.ru,
        "- " + ENCRYPTED_503.ru,
      ),
    },
    parameters: {
      item_id: ITEM_ID,
      item: {
        en: md("Object slug → new value, required (absent or `{}` is a `422`); only these slugs change.", ITEM_VALUES.en),
        ru: md("Объект слаг → новое значение, обязательный (отсутствие или `{}` — `422`); меняются только эти слаги.", ITEM_VALUES.ru),
      },
    },
    example: { item_id: EXAMPLE_ITEM_ID, item: { price: 9900 } },
  },

  deleteListItem: {
    tag: "records",
    summary: { en: "Delete a record", ru: "Удалить запись" },
    description: {
      en: md("Extension: deletes one record and answers `204` with no body.", "", ITEM_ERRORS.en),
      ru: md("Расширение: удаляет одну запись и отвечает `204` без тела.", "", ITEM_ERRORS.ru),
    },
    parameters: { item_id: ITEM_ID },
    example: { item_id: EXAMPLE_ITEM_ID },
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
  402: { en: "The key's owner is not on the Pro plan (`code` `pro_required`)", ru: "У владельца ключа не тариф Pro (`code` `pro_required`)" },
  403: {
    en: "The key holder is blocked, the bot or object belongs to someone else, or a limit of the operation is reached (see its description)",
    ru: "Владелец ключа заблокирован, бот или объект принадлежит другому аккаунту или достигнут лимит операции (см. её описание)",
  },
  404: { en: "Not found (or deleted)", ru: "Не найдено (или удалено)" },
  410: {
    en: "The method was switched off after its sunset date (`code` `method_removed`)",
    ru: "Метод отключён после даты вывода из эксплуатации (`code` `method_removed`)",
  },
  413: { en: "The body is larger than the platform accepts", ru: "Тело запроса больше, чем принимает платформа" },
  422: {
    en: "Parameters failed validation, or a rule of the operation refused them; every invalid field is listed in `errors`",
    ru: "Параметры не прошли проверку или их отклонило правило операции; все неверные поля перечислены в `errors`",
  },
  429: {
    en: "Too many requests in the key holder's minute; wait `Retry-After` seconds",
    ru: "Слишком много запросов за минуту владельца ключа; подождите `Retry-After` секунд",
  },
  500: { en: "An unexpected error; the request id is logged", ru: "Непредвиденная ошибка; идентификатор запроса записан в журнал" },
  503: {
    en: "The database cannot serve now; nothing was changed. Retry after `Retry-After` seconds",
    ru: "База данных сейчас недоступна; ничего не изменено. Повторите через `Retry-After` секунд",
  },
};
