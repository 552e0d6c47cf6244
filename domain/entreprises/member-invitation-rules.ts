/**
 * The caps of POST /recruiters/company/members/invite, which emails an address the caller chooses:
 * - MEMBER_INVITES_PER_DAY invitations per company per Cameroon calendar day (429
 *   INVITE_QUOTA_EXCEEDED): a team grows by a few people a day, and one owner must not turn the
 *   platform into a mailer;
 * - the same address once per MEMBER_REINVITE_COOLDOWN_HOURS per company (409
 *   ALREADY_INVITED_RECENTLY). 24 hours, not the 7 days the invitation stays valid: an invitation
 *   lost in a spam folder can be sent again the next day, and one address gets at most 7 a week.
 * Both count every accepted request, whether or not the address has an account, so neither tells
 * the caller which addresses have one.
 */
import type { Ctx } from '../context.ts';
import { bilingual, ConflictError, QuotaExceededError } from '../errors.ts';
import { sendAllowance, type SendAllowance } from '../mail/index.ts';
import { cooldownOver, MEMBER_REINVITE_COOLDOWN_HOURS, reinviteRefusedUntil } from './reinvite-cooldown.ts';

export { MEMBER_REINVITE_COOLDOWN_HOURS };

export const MEMBER_INVITES_PER_DAY = 20;

/**
 * Refuses an invitation of `email` over the caps; else records it (the address's cooldown starts)
 * and returns the allowance to bump once the email is queued. Call inside the transaction that
 * locks the company row.
 */
export async function admitMemberInvitation(
  ctx: Ctx,
  entrepriseId: number,
  email: string,
): Promise<SendAllowance> {
  const now = ctx.clock.now();
  // eslint-disable-next-line no-restricted-syntax -- SQL: a cooldown row read under lock, upserted below
  const last = (await ctx
    .db('companyMemberInvitations')
    .where({ entrepriseId, email })
    .forUpdate()
    .first('invitedAt')) as { invitedAt: Date } | undefined;
  const refusedUntil = reinviteRefusedUntil(last?.invitedAt ?? null, now);
  if (refusedUntil)
    throw new ConflictError(
      'ALREADY_INVITED_RECENTLY',
      bilingual(
        `Cette adresse a été invitée il y a moins de ${MEMBER_REINVITE_COOLDOWN_HOURS} heures`,
        `This address was invited less than ${MEMBER_REINVITE_COOLDOWN_HOURS} hours ago`,
      ),
      `retry after: ${refusedUntil.toISOString()}`,
    );
  const allowance = await sendAllowance(ctx, [
    { kind: 'member-invitation', scopeId: entrepriseId, per: 'day', limit: MEMBER_INVITES_PER_DAY },
  ]);
  if (allowance.remaining < 1)
    throw new QuotaExceededError(
      'INVITE_QUOTA_EXCEEDED',
      bilingual(
        `${MEMBER_INVITES_PER_DAY} invitations de membres au plus par entreprise et par jour`,
        `At most ${MEMBER_INVITES_PER_DAY} member invitations per company per day`,
      ),
      'remaining: 0',
    );
  await ctx.db.raw(
    'INSERT INTO company_member_invitations (entreprise_id, email, invited_at) VALUES (?, ?, ?) ' +
      'ON DUPLICATE KEY UPDATE invited_at = VALUES(invited_at)',
    [entrepriseId, email, now],
  );
  // A row past its cooldown serves nothing: the company's are dropped here, so no address is kept longer.
  await ctx.db.raw('DELETE FROM company_member_invitations WHERE entreprise_id = ? AND invited_at <= ?', [
    entrepriseId,
    cooldownOver(now),
  ]);
  return allowance;
}
