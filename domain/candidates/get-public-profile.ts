/** GET /public/candidats/{id}: a 404 unless the profile is public; never email or phone. */
import type { Ctx } from '../context.ts';
import { NotFoundError } from '../errors.ts';
import { loadPublicCandidateProfile, type PublicCandidateProfile } from './candidate-profile.ts';

export async function getPublicProfile(ctx: Ctx, id: number): Promise<PublicCandidateProfile> {
  const profile = await loadPublicCandidateProfile(ctx.db, id, ctx.config.publicUrl);
  if (!profile) throw new NotFoundError('Candidate');
  return profile;
}
