/** GET /public/candidats/{id}: a 404 unless the profile is public; never email or phone. */
import type { Ctx } from '../context.ts';
import { NotFoundError } from '../errors.ts';
import { loadPublicCandidatProfile, type PublicCandidatProfile } from './candidat-profile.ts';

export async function getPublicProfile(ctx: Ctx, id: number): Promise<PublicCandidatProfile> {
  const profile = await loadPublicCandidatProfile(ctx.db, id, ctx.config.publicUrl);
  if (!profile) throw new NotFoundError('Candidate');
  return profile;
}
