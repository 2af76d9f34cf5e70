import type { ApiMethod } from "../../method";
import { addContactAccount } from "./add-contact-account";
import { addFundsToContactAccount } from "./add-funds-to-contact-account";
import { deleteContactAccount } from "./delete-contact-account";
import { getContactAccountJournal } from "./get-contact-account-journal";
import { getContactAccountStatistics } from "./get-contact-account-statistics";
import { getContactAccounts } from "./get-contact-accounts";
import { withdrawFundsFromContactAccount } from "./withdraw-funds-from-contact-account";

/** The accounts methods of /api/v1, by method name. */
export const accountMethods: Record<string, ApiMethod> = {
  getContactAccounts,
  addContactAccount,
  // The spec's alias: the same method under a second name.
  createContactAccount: addContactAccount,
  deleteContactAccount,
  addFundsToContactAccount,
  withdrawFundsFromContactAccount,
  // Extension (docs/api-accounts.md): the journal the spec does not show.
  getContactAccountJournal,
  // Extension (docs/api-accounts.md): balances per currency, top-ups and debits per day.
  getContactAccountStatistics,
};
