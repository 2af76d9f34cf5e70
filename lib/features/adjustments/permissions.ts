import { can, type Role } from "@/lib/auth/permissions";
import type { AdjustmentKind, AdjustmentTotals } from "./types";
import type { StoredTotals } from "./records";

/**
 * Who may create and run a batch of bulk adjustments. The store does not check (its callers do: the actions, the
 * routes, the pages); the worker asks again before each row whether the member who confirmed still may.
 */

/** A member may create and run a batch when the role may make every kind of operation the batch holds (both, before its rows are known). */
export function mayAdjustBalances(role: Role, kinds: Iterable<AdjustmentKind> = ["top_up", "debit"]): boolean {
  for (const kind of kinds) if (!can(role, kind === "top_up" ? "accounts.top_up" : "accounts.debit")) return false;
  return true;
}

/** The kinds of operation a batch's valid rows hold (from its totals). */
export function kindsOf(totals: StoredTotals | AdjustmentTotals | null): AdjustmentKind[] {
  const kinds = new Set<AdjustmentKind>();
  for (const byKind of Object.values(totals ?? {})) {
    for (const kind of ["top_up", "debit"] as const) if ((byKind[kind]?.count ?? 0) > 0) kinds.add(kind);
  }
  return (["top_up", "debit"] as const).filter((kind) => kinds.has(kind));
}
