import type { ApiMethod } from "../../method";
import { createOrUpdateContact } from "./create-or-update-contact";
import { getContact } from "./get-contact";
import { getContacts } from "./get-contacts";
import { getContactStatistics } from "./get-contact-statistics";
import { getNumberOfContacts } from "./get-number-of-contacts";

/** The contacts methods of /api/v1, by method name. */
export const contactMethods: Record<string, ApiMethod> = {
  getContacts,
  getNumberOfContacts,
  createOrUpdateContact,
  // Extension (docs/api-contacts.md): one contact by id.
  getContact,
  // Extension (docs/api-contacts.md): contacts created per day in a time zone.
  getContactStatistics,
};
