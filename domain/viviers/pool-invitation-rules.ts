/**
 * The rules of pool invitations, in one place:
 * - at most MAX_PER_REQUEST members per invite request, and MAX_PER_ENTREPRISE_PER_DAY emails queued
 *   per company per Cameroon calendar day (429 INVITE_QUOTA_EXCEEDED, with what remains). The
 *   emails are counted, not the invitation rows: an invitation sent again reuses its row;
 * - a PENDING invitation is not sent again to the same address within RESEND_AFTER_DAYS (skipped
 *   as ALREADY_INVITED_RECENTLY): re-inviting the same members must not flood them;
 * - never to an address that opted out of pool invitations (one-click link of every invitation),
 *   nor, for DECLINE_BLOCK_DAYS, to one that declined this company's invitation.
 */
import { randomBytes } from 'node:crypto';
import type { Ctx } from '../context.ts';
import { bilingual, QuotaExceededError } from '../errors.ts';
import { sendAllowance, type SendAllowance } from '../mail/index.ts';
import type { Langue } from '../../models/account.ts';
import { PoolInvitation } from '../../models/pool-invitation.ts';
import { PoolInvitationOptOut } from '../../models/pool-invitation-opt-out.ts';

export const MAX_PER_REQUEST = 500;
export const MAX_PER_ENTREPRISE_PER_DAY = 2000;
export const RESEND_AFTER_DAYS = 7;
export const DECLINE_BLOCK_DAYS = 180;
const DAY_MS = 24 * 3600_000;

/** Why a chosen member was not emailed: a stable code, and a message in the recruiter's language. */
export type SkipReason = 'ALREADY_INVITED_RECENTLY' | 'POOL_INVITATION_BLOCKED';
export const SKIP_MESSAGES: Record<SkipReason, Record<Langue, string>> = {
  ALREADY_INVITED_RECENTLY: {
    fr: `Invitation en attente envoyée il y a moins de ${RESEND_AFTER_DAYS} jours`,
    en: `A pending invitation was sent less than ${RESEND_AFTER_DAYS} days ago`,
  },
  POOL_INVITATION_BLOCKED: {
    fr: `A refusé votre invitation il y a moins de ${DECLINE_BLOCK_DAYS} jours, ou ne reçoit plus d’invitation de vivier`,
    en: `Declined your invitation less than ${DECLINE_BLOCK_DAYS} days ago, or opted out of pool invitations`,
  },
};

/** Refuses a request naming more than MAX_PER_REQUEST members. */
export function checkRequestSize(count: number): void {
  if (count > MAX_PER_REQUEST)
    throw new QuotaExceededError(
      'INVITE_QUOTA_EXCEEDED',
      bilingual(
        `${MAX_PER_REQUEST} invitations au plus par demande`,
        `At most ${MAX_PER_REQUEST} invitations per request`,
      ),
      `requested: ${count}`,
    );
}

/**
 * Refuses `count` more emails over the company's daily cap; else the allowance to record them on
 * once queued. Call inside the transaction that locks the company row.
 */
export async function checkDailyQuota(ctx: Ctx, entrepriseId: number, count: number): Promise<SendAllowance> {
  const allowance = await sendAllowance(ctx, [
    { kind: 'pool-invitation', scopeId: entrepriseId, per: 'day', limit: MAX_PER_ENTREPRISE_PER_DAY },
  ]);
  if (count > allowance.remaining)
    throw new QuotaExceededError(
      'INVITE_QUOTA_EXCEEDED',
      bilingual(
        `${MAX_PER_ENTREPRISE_PER_DAY} invitations au plus par entreprise et par jour`,
        `At most ${MAX_PER_ENTREPRISE_PER_DAY} invitations per company per day`,
      ),
      `remaining: ${allowance.remaining}`,
    );
  return allowance;
}

/** Of these addresses (lower case), the ones this company sent a still PENDING invitation within RESEND_AFTER_DAYS. */
export async function recentlyInvited(
  ctx: Ctx,
  entrepriseId: number,
  emails: string[],
): Promise<Set<string>> {
  if (emails.length === 0) return new Set();
  const since = new Date(ctx.clock.now().getTime() - RESEND_AFTER_DAYS * DAY_MS);
  const rows = await PoolInvitation.query(ctx.db)
    .where({ entrepriseId, status: 'PENDING' })
    .where('createdAt', '>', since)
    .whereIn('email', emails)
    .select('email');
  return new Set(rows.map((r) => r.email.toLowerCase()));
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

export interface Member {
  id: number;
  email: string;
  prenom: string | null;
}

/** The chosen members split into those to email and those skipped, with why. */
export async function sortMembers(
  ctx: Ctx,
  entrepriseId: number,
  members: Member[],
): Promise<{ invitable: Member[]; skipped: { member: Member; reason: SkipReason }[] }> {
  const emails = members.map((m) => m.email);
  const blocked = new Set([...(await blockedEmails(ctx, entrepriseId, emails))].map((e) => e.toLowerCase()));
  const recent = await recentlyInvited(ctx, entrepriseId, emails);
  const invitable: Member[] = [];
  const skipped: { member: Member; reason: SkipReason }[] = [];
  for (const member of members) {
    const email = member.email.toLowerCase();
    if (blocked.has(email)) skipped.push({ member, reason: 'POOL_INVITATION_BLOCKED' });
    else if (recent.has(email)) skipped.push({ member, reason: 'ALREADY_INVITED_RECENTLY' });
    else invitable.push(member);
  }
  return { invitable, skipped };
}

/**
 * The member's pending invitation from this company (reused when invited again, its createdAt
 * then saying when it was last sent), else a new one.
 */
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
