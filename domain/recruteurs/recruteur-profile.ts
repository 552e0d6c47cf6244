/** GET /recruiters/me: the signed-in recruiter, whatever its status, with the language of its emails. */
import type { Knex } from 'knex';
import type { Static } from 'typebox';
import type { Ctx } from '../context.ts';
import { ForbiddenError, UnauthorizedError } from '../errors.ts';
import type { RecruteurProfile as RecruiterProfileShape } from '../shapes/index.ts';
import { recruteurIdentityQuery, toRecruteurIdentity } from './recruteur-identity.ts';
import { ACCOUNT_NOT_FOUND, RECRUITERS_ONLY } from '../common-refusals.ts';

/** The static type of the RecruteurProfile shape (domain/shapes/recruteur.ts). */
export type RecruteurProfile = Static<typeof RecruiterProfileShape>;

export async function loadRecruteurProfile(db: Knex, id: number): Promise<RecruteurProfile | null> {
  const row = await recruteurIdentityQuery(db)
    .select('r.companyRole as role', 'r.entrepriseId', 'a.langue', 'r.notificationsCandidatures')
    .where('r.id', id)
    .first()
    .castTo<RecruteurProfile | undefined>();
  if (!row) return null;
  return {
    ...toRecruteurIdentity(row),
    role: row.role,
    entrepriseId: row.entrepriseId,
    langue: row.langue,
    notificationsCandidatures: row.notificationsCandidatures,
  };
}

export async function getMyRecruteurProfile(ctx: Ctx): Promise<RecruteurProfile> {
  if (ctx.actor.type !== 'account' || ctx.actor.role !== 'RECRUTEUR')
    throw new ForbiddenError(RECRUITERS_ONLY);
  const profile = await loadRecruteurProfile(ctx.db, ctx.actor.id);
  if (!profile) throw new UnauthorizedError(ACCOUNT_NOT_FOUND);
  return profile;
}
