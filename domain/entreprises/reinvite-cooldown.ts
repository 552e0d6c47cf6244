/**
 * The same address is invited by one company at most once per MEMBER_REINVITE_COOLDOWN_HOURS
 * (member-invitation-rules.ts says why 24 hours): until then a new invitation is refused, and the
 * refusal says from when it may be sent again.
 */
export const MEMBER_REINVITE_COOLDOWN_HOURS = 24;

const COOLDOWN_MS = MEMBER_REINVITE_COOLDOWN_HOURS * 3600_000;

/** When the address may be invited again, or null when it may be now. */
export function reinviteRefusedUntil(lastInvitedAt: Date | null, now: Date): Date | null {
  if (!lastInvitedAt) return null;
  const allowedAt = new Date(lastInvitedAt).getTime() + COOLDOWN_MS;
  return now.getTime() < allowedAt ? new Date(allowedAt) : null;
}

/** Invitations older than this are past their cooldown and serve nothing more. */
export function cooldownOver(now: Date): Date {
  return new Date(now.getTime() - COOLDOWN_MS);
}
