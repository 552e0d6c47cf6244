/** GET /candidats/me: the signed-in candidate's own profile. */
import type { Ctx } from '../context.ts';
import { NotFoundError } from '../errors.ts';
import { loadCandidatProfile, type CandidatProfile } from './candidat-profile.ts';
import { currentCandidatId } from './current-candidat.ts';

export async function getMyProfile(ctx: Ctx): Promise<CandidatProfile> {
  const profile = await loadCandidatProfile(ctx.db, currentCandidatId(ctx), ctx.config.publicUrl);
  if (!profile) throw new NotFoundError('Candidate profile');
  return profile;
}
