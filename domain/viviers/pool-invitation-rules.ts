/**
 * The rules of pool invitations, in one place:
 * - at most MAX_PER_REQUEST emails per invite request and MAX_PER_COMPANY_PER_DAY per company
 *   over the last 24 hours (429 INVITE_QUOTA_EXCEEDED, with what remains);
 * - never to an address that opted out of pool invitations (one-click link of every invitation),
 *   nor, for DECLINE_BLOCK_DAYS, to one that declined this company's invitation.
 */
import { randomBytes } from 'node:crypto';
import type { Ctx } from '../context.ts';
import { QuotaExceededError } from '../errors.ts';
import { PoolInvitation } from '../../models/pool-invitation.ts';
import { PoolInvitationOptOut } from '../../models/pool-invitation-opt-out.ts';

export const MAX_PER_REQUEST = 500;
export const MAX_PER_COMPANY_PER_DAY = 2000;
export const DECLINE_BLOCK_DAYS = 180;
const DAY_MS = 24 * 3600_000;

/** Refuses an invite of `count` emails over the caps. Call inside the transaction that locks the company row. */
export async function checkInviteQuota(ctx: Ctx, entrepriseId: number, count: number): Promise<void> {
  if (count > MAX_PER_REQUEST)
    throw new QuotaExceededError(
      'INVITE_QUOTA_EXCEEDED',
      `At most ${MAX_PER_REQUEST} invitations per request`,
      `remaining: ${MAX_PER_REQUEST} per request; ${count} asked`,
    );
  const since = new Date(ctx.clock.now().getTime() - DAY_MS);
  const sent = await PoolInvitation.query(ctx.db)
    .where({ entrepriseId })
    .where('createdAt', '>', since)
    .resultSize();
  const remaining = Math.max(0, MAX_PER_COMPANY_PER_DAY - sent);
  if (count > remaining)
    throw new QuotaExceededError(
      'INVITE_QUOTA_EXCEEDED',
      `At most ${MAX_PER_COMPANY_PER_DAY} invitations per company per day`,
      `remaining: ${remaining}`,
    );
}

/** Of these addresses, the ones this company may not invite: opted out, or declined its invitation within the block. */
export async function blockedEmails(ctx: Ctx, entrepriseId: number, emails: string[]): Promise<Set<string>> {
  if (emails.length === 0) return new Set();
  const since = new Date(ctx.clock.now().getTime() - DECLINE_BLOCK_DAYS * DAY_MS);
  const [optedOut, declined] = await Promise.all([
    PoolInvitationOptOut.query(ctx.db).whereIn('email', emails).select('email'),
    PoolInvitation.query(ctx.db)
      .where({ entrepriseId, status: 'DECLINED' })
      .where('respondedAt', '>', since)
      .whereIn('email', emails)
      .select('email'),
  ]);
  return new Set([...optedOut, ...declined].map((r) => r.email));
}

/** The member's pending invitation from this company (reused when invited again), else a new one. */
export async function pendingInvitation(
  ctx: Ctx,
  member: { id: number; email: string },
  entrepriseId: number,
): Promise<{ id: number; optOutToken: string }> {
  const existing = await PoolInvitation.query(ctx.db)
    .where({ vivierCandidatId: member.id, status: 'PENDING' })
    .select('id', 'optOutToken')
    .limit(1)
    .first();
  if (existing) {
    await PoolInvitation.query(ctx.db).findById(existing.id).patch({ createdAt: ctx.clock.now() });
    return { id: existing.id, optOutToken: existing.optOutToken };
  }
  const optOutToken = randomBytes(32).toString('base64url');
  const { id } = await PoolInvitation.query(ctx.db).insert({
    vivierCandidatId: member.id,
    entrepriseId,
    email: member.email,
    status: 'PENDING',
    optOutToken,
    createdAt: ctx.clock.now(),
  });
  return { id, optOutToken };
}
