import { sql } from "drizzle-orm";

/**
 * A select-list item that makes the current transaction's commit not wait for the WAL to reach the disk
 * (`synchronous_commit` off for this transaction only: `set_config(…, true)`, so nothing stays set on the connection
 * and a pooler in transaction mode is fine). Only for a transaction whose writes may be lost in a crash without harm:
 * a counter, a cursor, a budget the next answer corrects — never money. Evaluated as a column (`commit_mode`).
 */
export const COMMIT_WITHOUT_DISK_WAIT = sql`set_config('synchronous_commit', 'off', true) AS commit_mode`;
