import { registerMessages } from "../i18n";

/** Texts of the statistics extensions. Status codes and `errors` keys, not texts, are the contract. */
registerMessages("en", {
  "statistics.date_format": "The :attribute field must be a calendar date in the format YYYY-MM-DD.",
  "statistics.date_order": "The :attribute field must be a date after or equal to date from.",
  "statistics.range_max": "The range from date from to :attribute must not be longer than :max days.",
  "statistics.time_zone": "The :attribute field must be a valid IANA time zone, for example Europe/Moscow.",
});

registerMessages("ru", {
  "statistics.date_format": "Поле :attribute должно быть календарной датой в формате ГГГГ-ММ-ДД.",
  "statistics.date_order": "Поле :attribute должно быть датой не раньше date from.",
  "statistics.range_max": "Промежуток от date from до :attribute не может быть длиннее :max дней.",
  "statistics.time_zone": "Поле :attribute должно быть часовым поясом IANA, например Europe/Moscow.",
});
