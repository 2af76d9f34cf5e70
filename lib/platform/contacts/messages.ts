import { registerMessages } from "../i18n";

/** Texts of the contact methods. Status codes and `errors` keys, not texts, are the contract. */
registerMessages("en", {
  "contacts.bot_not_found": "Bot not found.",
  "contacts.contact_not_found": "Contact not found.",
  "contacts.contact_forbidden": "The contact belongs to a bot of another account.",
  "contacts.required_if": "The :attribute field is required when :other is :value.",
  "contacts.phone": "The :attribute field must be a + followed by digits, 9 to 16 characters in all.",
});

registerMessages("ru", {
  "contacts.bot_not_found": "Бот не найден.",
  "contacts.contact_not_found": "Контакт не найден.",
  "contacts.contact_forbidden": "Контакт принадлежит боту другого аккаунта.",
  "contacts.required_if": "Поле :attribute обязательно для заполнения, когда :other равно :value.",
  "contacts.phone": "Поле :attribute должно содержать + и цифры, всего от 9 до 16 символов.",
});
