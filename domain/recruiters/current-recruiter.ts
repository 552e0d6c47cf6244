/**
 * The signed-in recruiter. Recruiter features need an ACTIVE account
 * (PENDING_DOCS / PENDING_APPROVAL may log in, to upload documents, but not use the rest).
 */
import type { Ctx } from '../context.ts';
import { ForbiddenError, UnauthorizedError } from '../errors.ts';
import type { CompanyRole, RecruiterStatus } from '../../models/recruiter.ts';
import type { Langue } from '../../models/account.ts';

export interface CurrentRecruiter {
  id: number;
  entrepriseId: number;
  status: RecruiterStatus;
  companyRole: CompanyRole;
  nom: string;
  prenom: string;
  email: string;
  /** The language of the recruiter's account: also that of emails sent on its behalf to people without one. */
  langue: Langue;
}

export async function currentRecruiter(ctx: Ctx): Promise<CurrentRecruiter> {
  if (ctx.actor.type !== 'account' || ctx.actor.role !== 'RECRUTEUR')
    throw new ForbiddenError('Recruiters only');
  const row = (await ctx
    .db('recruiters')
    .join('accounts', 'accounts.id', 'recruiters.id')
    .where('recruiters.id', ctx.actor.id)
    .first(
      'recruiters.id',
      'recruiters.entrepriseId',
      'recruiters.status',
      'recruiters.companyRole',
      'recruiters.nom',
      'recruiters.prenom',
      'accounts.email',
      'accounts.langue',
    )) as CurrentRecruiter | undefined;
  if (!row) throw new UnauthorizedError('Account not found');
  return row;
}

export async function requireActiveRecruiter(ctx: Ctx): Promise<CurrentRecruiter> {
  const r = await currentRecruiter(ctx);
  if (r.status !== 'ACTIVE')
    throw new ForbiddenError(
      'Your recruiter account is not active yet',
      'ACCOUNT_NOT_ACTIVE',
      `status: ${r.status}`,
    );
  return r;
}

export async function requireCompanyOwner(ctx: Ctx): Promise<CurrentRecruiter> {
  const r = await requireActiveRecruiter(ctx);
  if (r.companyRole !== 'OWNER') throw new ForbiddenError('Only the company owner may do this');
  return r;
}
