/**
 * POST /recruiters/company/members/invite (OWNER): a single-use RECRUITER_INVITATION token valid
 * 7 days, payload {entrepriseId, email}, emailed to the invitee; registration with it
 * (register-recruteur.ts) joins the company as MEMBER. Capped per company and per address
 * (member-invitation-rules.ts).
 *
 * The answer is the same whether or not the address has an account: telling them apart would let
 * any owner probe which addresses are registered (administrators' included). When it has one, no
 * token is made (an address serves one account, so it could not be used) and the person is told
 * by email, in the account's language, who tried to invite them. Both paths do the same few
 * writes; with at most 20 tries a day, their timing is no practical oracle.
 */
import type { Ctx } from '../context.ts';
import { inTransaction } from '../context.ts';
import { NotFoundError } from '../errors.ts';
import { Account } from '../../models/account.ts';
import { Entreprise } from '../../models/entreprise.ts';
import { createOneTimeToken } from '../auth/index.ts';
import { requireEmail, toLangue } from '../accounts/index.ts';
import {
  enqueueEmail,
  recruteurInvitationEmail,
  recruteurInvitationExistingAccountEmail,
} from '../mail/index.ts';
import { requireEntrepriseOwner } from './current-recruteur.ts';
import { admitMemberInvitation } from './member-invitation-rules.ts';

export const INVITATION_TTL_DAYS = 7;

export async function inviteMember(ctx: Ctx, rawEmail: string): Promise<{ email: string; expiresAt: Date }> {
  const owner = await requireEntrepriseOwner(ctx);
  const email = requireEmail(rawEmail, 'body.email');
  const entreprise = await Entreprise.query(ctx.db).findById(owner.entrepriseId).select('nomEntreprise');
  if (!entreprise) throw new NotFoundError('Entreprise');
  const ttlMs = INVITATION_TTL_DAYS * 24 * 3600 * 1000;
  const invitedBy = `${owner.prenom} ${owner.nom}`;
  await inTransaction(ctx, async (t) => {
    // The company row is the lock that keeps concurrent invitations within the caps.
    await Entreprise.query(t.db).findById(owner.entrepriseId).forUpdate().select('id');
    const allowance = await admitMemberInvitation(t, owner.entrepriseId, email);
    const account = await Account.query(t.db).where({ email }).select('id', 'langue').first();
    if (account) {
      await enqueueEmail(
        t,
        recruteurInvitationExistingAccountEmail({
          to: email,
          langue: toLangue(account.langue),
          nomEntreprise: entreprise.nomEntreprise,
          invitedBy,
        }),
      );
    } else {
      const token = await createOneTimeToken(t, 'RECRUITER_INVITATION', {
        payload: { entrepriseId: owner.entrepriseId, email },
        ttlMs,
      });
      await enqueueEmail(
        t,
        recruteurInvitationEmail(t, {
          to: email,
          langue: owner.langue,
          nomEntreprise: entreprise.nomEntreprise,
          invitedBy,
          token,
          validDays: INVITATION_TTL_DAYS,
        }),
      );
    }
    await allowance.record(1);
  });
  return { email, expiresAt: new Date(ctx.clock.now().getTime() + ttlMs) };
}
