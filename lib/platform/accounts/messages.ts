import { registerMessages } from "../i18n";

/** Texts of the contact-account methods. Codes, not texts, are the contract. */
registerMessages("en", {
  "accounts.contact_not_found": "Contact not found.",
  "accounts.account_not_found": "Account not found.",
  "accounts.contact_forbidden": "The contact belongs to a bot of another account.",
  "accounts.account_forbidden": "The account belongs to a bot of another account.",
  "accounts.currency_invalid": "The :attribute field must be an ISO 4217 currency code in capital letters.",
  "accounts.currency_exists": "The contact already has an account in :currency.",
  "accounts.account_not_empty": "The account cannot be deleted while its balance is not zero: the balance is :balance (:minor minor units).",
  "accounts.account_blocked": "The account is blocked: debits are not allowed.",
  "accounts.insufficient_funds": "Insufficient funds: the balance is :balance (:minor minor units), the debit is :debit.",
  "accounts.balance_overflow": "The balance would exceed the largest amount an account can hold.",
});

registerMessages("ru", {
  "accounts.contact_not_found": "Контакт не найден.",
  "accounts.account_not_found": "Счёт не найден.",
  "accounts.contact_forbidden": "Контакт принадлежит боту другого аккаунта.",
  "accounts.account_forbidden": "Счёт принадлежит боту другого аккаунта.",
  "accounts.currency_invalid": "Поле :attribute должно содержать код валюты ISO 4217 заглавными буквами.",
  "accounts.currency_exists": "У контакта уже есть счёт в валюте :currency.",
  "accounts.account_not_empty": "Нельзя удалить счёт с ненулевым балансом: баланс :balance (:minor в минимальных единицах).",
  "accounts.account_blocked": "Счёт заблокирован: списания запрещены.",
  "accounts.insufficient_funds": "Недостаточно средств: баланс :balance (:minor в минимальных единицах), списание :debit.",
  "accounts.balance_overflow": "Баланс превысил бы максимально допустимую сумму счёта.",
});
