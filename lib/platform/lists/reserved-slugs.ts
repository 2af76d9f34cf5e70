import { RESERVED_SLUGS } from "@/lib/contract/reserved-slugs";

/** "id, item_id, …" for the error text. */
export const RESERVED_SLUGS_TEXT = RESERVED_SLUGS.join(", ");
