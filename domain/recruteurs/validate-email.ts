/**
 * GET /auth/validate-email?token=: marks the address verified. A recruiter moves on from
 * PENDING_EMAIL: to PENDING_DOCS (next: company documents), or straight to ACTIVE when invited
 * by a company owner (the company was already checked). The history entry names the recruiter.
 */
import type { Ctx } from '../context.ts';
import { inTransaction, withActor } from '../context.ts';
import { consumeOneTimeToken } from '../auth/index.ts';
import { ValidationError } from '../errors.ts';
import { recordRecruteurStatusChange } from './record-status-change.ts';
import { canMakeRecruteurMove } from './recruteur-statuses.ts';
import { Account, type Role } from '../../models/account.ts';
import { Recruteur, type RecruteurStatus } from '../../models/recruteur.ts';
import { INVALID_LINK } from '../common-refusals.ts';

export interface ValidatedEmail {
  accountId: number;
  email: string;
  role: Role;
  emailVerified: true;
  /** The recruiter's status after validation; null for other accounts. */
  recruiterStatus: RecruteurStatus | null;
}

export async function validateEmail(ctx: Ctx, token: string): Promise<ValidatedEmail> {
  return inTransaction(ctx, async (t) => {
    const consumed = await consumeOneTimeToken(t, 'EMAIL_VALIDATION', token);
    const account = consumed.accountId
      ? await Account.query(t.db)
          .findById(consumed.accountId)
          .select('id', 'email', 'role', 'emailVerifiedAt')
      : undefined;
    if (!account) throw new ValidationError(INVALID_LINK, 'token', 'INVALID_TOKEN');
    const now = t.clock.now();
    if (!account.emailVerifiedAt)
      await Account.query(t.db).findById(account.id).patch({ emailVerifiedAt: now, updatedAt: now });

    let recruteurStatus: RecruteurStatus | null = null;
    if (account.role === 'RECRUTEUR') {
      const recruteur = await Recruteur.query(t.db).findById(account.id).select('status');
      recruteurStatus = recruteur?.status ?? null;
      const invited = consumed.payload?.invitedMember === true;
      const move = invited ? 'validateInvitedEmail' : 'validateEmail';
      if (recruteur && canMakeRecruteurMove(recruteur.status, move)) {
        const self = withActor(t, {
          type: 'account',
          id: account.id,
          role: account.role,
          email: account.email,
        });
        const { newStatus: next } = await recordRecruteurStatusChange(
          self,
          account.id,
          move,
          invited ? 'Email validé (membre invité)' : 'Email validé',
        );
        recruteurStatus = next;
      }
    }
    return {
      accountId: account.id,
      email: account.email,
      role: account.role,
      emailVerified: true,
      recruiterStatus: recruteurStatus,
    };
  });
}
