/** GET /recruiters/me: the signed-in recruiter, whatever its status, with the language of its emails. */
import type { Knex } from 'knex';
import type { Ctx } from '../context.ts';
import { ForbiddenError, UnauthorizedError } from '../errors.ts';
import type { CompanyRole } from '../../models/recruiter.ts';
import type { Langue } from '../../models/account.ts';
import { recruiterIdentityQuery, toRecruiterIdentity, type RecruiterIdentity } from './recruiter-identity.ts';

export interface RecruiterProfile extends RecruiterIdentity {
  role: CompanyRole;
  entrepriseId: number;
  langue: Langue;
}

export async function loadRecruiterProfile(db: Knex, id: number): Promise<RecruiterProfile | null> {
  const row = await recruiterIdentityQuery(db)
    .select('r.companyRole as role', 'r.entrepriseId', 'a.langue')
    .where('r.id', id)
    .first()
    .castTo<RecruiterProfile | undefined>();
  if (!row) return null;
  return { ...toRecruiterIdentity(row), role: row.role, entrepriseId: row.entrepriseId, langue: row.langue };
}

export async function getMyRecruiterProfile(ctx: Ctx): Promise<RecruiterProfile> {
  if (ctx.actor.type !== 'account' || ctx.actor.role !== 'RECRUTEUR')
    throw new ForbiddenError('Recruiters only');
  const profile = await loadRecruiterProfile(ctx.db, ctx.actor.id);
  if (!profile) throw new UnauthorizedError('Account not found');
  return profile;
}
