/** POST /candidats/me/cv: PDF, DOC or DOCX checked from the bytes, at most 5 MB; replaces the previous CV. */
import type { Ctx } from '../context.ts';
import { NotFoundError } from '../errors.ts';
import type { IncomingFile } from '../files/store-upload.ts';
import { storeAndAttach } from '../files/store-and-attach.ts';
import { UPLOAD_RULES } from '../files/upload-rules.ts';
import { loadCandidateProfile, type CandidateProfile } from './candidate-profile.ts';
import { currentCandidateId } from './current-candidate.ts';

export async function uploadCv(ctx: Ctx, file: IncomingFile | null): Promise<CandidateProfile> {
  const id = currentCandidateId(ctx);
  await storeAndAttach(
    ctx,
    file,
    { ...UPLOAD_RULES.CV, purpose: 'CV', ownerAccountId: id },
    async (t, stored) => {
      // Locked so two concurrent uploads each delete the file they really replace.
      const current = (await t.db('candidates').where({ id }).forUpdate().first('cvFileId')) as
        { cvFileId: number | null } | undefined;
      if (!current) throw new NotFoundError('Candidate profile');
      await t.db('candidates').where({ id }).update({ cvFileId: stored.id, updatedAt: t.clock.now() });
      return { result: null, replacedFileIds: [current.cvFileId] };
    },
  );
  const profile = await loadCandidateProfile(ctx.db, id, ctx.config.publicUrl);
  if (!profile) throw new NotFoundError('Candidate profile');
  return profile;
}
