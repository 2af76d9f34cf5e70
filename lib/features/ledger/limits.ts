import { MAX_MOVEMENT, MIN_MOVEMENT } from "@/lib/core/money/money";
import type { AmountBounds } from "@/lib/core/money/parse-amount";
import { MAX_MOVEMENT_DESCRIPTION } from "@/lib/contract/facts";

/* The ledger forms' limits, without zod: the forms import them on first load, the schemas (./forms) load with the first check. */

export const MAX_DESCRIPTION = MAX_MOVEMENT_DESCRIPTION;

/** Characters as the platform counts them (code points), so the counter and the limit agree with it. */
export const descriptionLength = (value: string): number => [...value].length;

/** One top-up or debit: 1 to 10^14 minor units, as the platform takes it. */
export const MOVEMENT_BOUNDS: AmountBounds = { min: MIN_MOVEMENT, max: MAX_MOVEMENT };
