/** GET /recruiters/me: the signed-in recruiter, whatever its status, with the language of its emails. */
import type { Knex } from 'knex';
import type { Static } from 'typebox';
import type { Ctx } from '../context.ts';
import { ForbiddenError, UnauthorizedError } from '../errors.ts';
import type { RecruiterProfile as RecruiterProfileShape } from '../shapes/index.ts';
import { recruiterIdentityQuery, toRecruiterIdentity } from './recruiter-identity.ts';

/** The static type of the RecruiterProfile shape (domain/shapes/recruiter.ts). */
export type RecruiterProfile = Static<typeof RecruiterProfileShape>;

export async function loadRecruiterProfile(db: Knex, id: number): Promise<RecruiterProfile | null> {
  const row = await recruiterIdentityQuery(db)
    .select('r.companyRole as role', 'r.entrepriseId', 'a.langue', 'r.notificationsCandidatures')
    .where('r.id', id)
    .first()
    .castTo<RecruiterProfile | undefined>();
  if (!row) return null;
  return {
    ...toRecruiterIdentity(row),
    role: row.role,
    entrepriseId: row.entrepriseId,
    langue: row.langue,
    notificationsCandidatures: row.notificationsCandidatures,
  };
}

export async function getMyRecruiterProfile(ctx: Ctx): Promise<RecruiterProfile> {
  if (ctx.actor.type !== 'account' || ctx.actor.role !== 'RECRUTEUR')
    throw new ForbiddenError('Recruiters only');
  const profile = await loadRecruiterProfile(ctx.db, ctx.actor.id);
  if (!profile) throw new UnauthorizedError('Account not found');
  return profile;
}
