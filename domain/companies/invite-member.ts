/**
 * POST /recruiters/company/members/invite (OWNER): a single-use
 * RECRUITER_INVITATION token valid 7 days, payload {entrepriseId, email}, emailed to the invitee;
 * registration with it (register-recruiter.ts) joins the company as MEMBER. An address that
 * already has an account is a 409 EMAIL_ALREADY_USED (emails are unique across accounts).
 */
import type { Ctx } from '../context.ts';
import { inTransaction } from '../context.ts';
import { ConflictError, NotFoundError } from '../errors.ts';
import { Account } from '../../models/account.ts';
import { Entreprise } from '../../models/entreprise.ts';
import { createOneTimeToken } from '../auth/one-time-tokens.ts';
import { requireEmail } from '../accounts/email-address.ts';
import { enqueueEmail } from '../mail/enqueue-email.ts';
import { recruiterInvitationEmail } from '../mail/templates/recruiter-invitation.ts';
import { requireCompanyOwner } from '../recruiters/current-recruiter.ts';

export const INVITATION_TTL_DAYS = 7;

export async function inviteMember(ctx: Ctx, rawEmail: string): Promise<{ email: string; expiresAt: Date }> {
  const owner = await requireCompanyOwner(ctx);
  const email = requireEmail(rawEmail, 'body.email');
  if (await Account.query(ctx.db).where({ email }).select('id').first()) {
    throw new ConflictError('EMAIL_ALREADY_USED', 'An account already exists with this email');
  }
  const company = await Entreprise.query(ctx.db).findById(owner.entrepriseId).select('nomEntreprise');
  if (!company) throw new NotFoundError('Entreprise');
  const ttlMs = INVITATION_TTL_DAYS * 24 * 3600 * 1000;
  await inTransaction(ctx, async (t) => {
    const token = await createOneTimeToken(t, 'RECRUITER_INVITATION', {
      payload: { entrepriseId: owner.entrepriseId, email },
      ttlMs,
    });
    await enqueueEmail(
      t,
      recruiterInvitationEmail(t, {
        to: email,
        langue: owner.langue,
        nomEntreprise: company.nomEntreprise,
        invitedBy: `${owner.prenom} ${owner.nom}`,
        token,
        validDays: INVITATION_TTL_DAYS,
      }),
    );
  });
  return { email, expiresAt: new Date(ctx.clock.now().getTime() + ttlMs) };
}
