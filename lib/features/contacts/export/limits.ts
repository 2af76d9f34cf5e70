/** Most rows one export of selected contacts holds: what the platform's `contact_ids` takes at once (without zod: the
 * contact browser shows it on first load; ./forms checks it). */
export const MAX_SELECTED_CONTACTS = 1000;
