/** POST /candidats/me/photo: JPEG, PNG or WebP checked from the bytes, at most 2 MB; replaces the previous photo. */
import type { Ctx } from '../context.ts';
import { NotFoundError } from '../errors.ts';
import type { IncomingFile } from '../files/store-upload.ts';
import { storeAndAttach } from '../files/store-and-attach.ts';
import { UPLOAD_RULES } from '../files/upload-rules.ts';
import { loadCandidateProfile, type CandidateProfile } from './candidate-profile.ts';
import { currentCandidateId } from './current-candidate.ts';

export async function uploadPhoto(ctx: Ctx, file: IncomingFile | null): Promise<CandidateProfile> {
  const id = currentCandidateId(ctx);
  await storeAndAttach(
    ctx,
    file,
    { ...UPLOAD_RULES.PHOTO, purpose: 'PHOTO', ownerAccountId: id },
    async (t, stored) => {
      const current = (await t.db('candidates').where({ id }).forUpdate().first('photoFileId')) as
        { photoFileId: number | null } | undefined;
      if (!current) throw new NotFoundError('Candidate profile');
      await t.db('candidates').where({ id }).update({ photoFileId: stored.id, updatedAt: t.clock.now() });
      return { result: null, replacedFileIds: [current.photoFileId] };
    },
  );
  const profile = await loadCandidateProfile(ctx.db, id, ctx.config.publicUrl);
  if (!profile) throw new NotFoundError('Candidate profile');
  return profile;
}
