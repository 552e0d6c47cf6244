/** GET /recruiters/me (api-contract.md section 2): the signed-in recruiter, whatever its status. */
import type { Knex } from 'knex';
import type { Ctx } from '../context.ts';
import { ForbiddenError, UnauthorizedError } from '../errors.ts';
import type { CompanyRole, RecruiterStatus } from '../../models/recruiter.ts';

export interface RecruiterProfile {
  id: number;
  nom: string;
  prenom: string;
  email: string;
  telephone: string | null;
  posteOccupe: string | null;
  status: RecruiterStatus;
  role: CompanyRole;
  entrepriseId: number;
}

export async function loadRecruiterProfile(db: Knex, id: number): Promise<RecruiterProfile | null> {
  const row = (await db('recruiters as r')
    .join('accounts as a', 'a.id', 'r.id')
    .where('r.id', id)
    .first(
      'r.id',
      'r.nom',
      'r.prenom',
      'a.email',
      'r.telephone',
      'r.posteOccupe',
      'r.status',
      'r.companyRole as role',
      'r.entrepriseId',
    )) as RecruiterProfile | undefined;
  return row ?? null;
}

export async function getMyRecruiterProfile(ctx: Ctx): Promise<RecruiterProfile> {
  if (ctx.actor.type !== 'account' || ctx.actor.role !== 'RECRUTEUR')
    throw new ForbiddenError('Recruiters only');
  const profile = await loadRecruiterProfile(ctx.db, ctx.actor.id);
  if (!profile) throw new UnauthorizedError('Account not found');
  return profile;
}
