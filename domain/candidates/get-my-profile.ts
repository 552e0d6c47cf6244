/** GET /candidats/me: the signed-in candidate's own profile. */
import type { Ctx } from '../context.ts';
import { NotFoundError } from '../errors.ts';
import { loadCandidateProfile, type CandidateProfile } from './candidate-profile.ts';
import { currentCandidateId } from './current-candidate.ts';

export async function getMyProfile(ctx: Ctx): Promise<CandidateProfile> {
  const profile = await loadCandidateProfile(ctx.db, currentCandidateId(ctx), ctx.config.publicUrl);
  if (!profile) throw new NotFoundError('Candidate profile');
  return profile;
}
