import "server-only";
import { twoFactorState } from "@/lib/auth/totp";
import { getDb } from "@/lib/db/client";

/**
 * What the two-factor section shows a member the team's rule sent to set it up: whether they have it and their
 * recovery codes left; required by the team, so it cannot be turned off here. No time: the page shows none.
 */
export async function loadTwoFactorSetup(userId: number): Promise<{ enrolled: boolean; enrolledAt: null; recoveryCodesLeft: number; requiredByTeam: true }> {
  const state = await twoFactorState(await getDb(), userId);
  return { enrolled: state.enrolled, enrolledAt: null, recoveryCodesLeft: state.recoveryCodesLeft, requiredByTeam: true };
}
