/**
 * POST /candidats/me/cv and /photo: the CV (PDF, DOC or DOCX, at most 5 MB) or the photo (JPEG,
 * PNG or WebP, at most 2 MB), checked from the bytes; the file replaced is deleted with the change,
 * unless an application holds it (the recruiter keeps the CV it was sent).
 * Returns the profile.
 */
import type { Ctx } from '../context.ts';
import { NotFoundError } from '../errors.ts';
import { type IncomingFile, storeAndAttach, UPLOAD_RULES, filesNoApplicationHolds } from '../files/index.ts';
import { loadCandidatProfile, type CandidatProfile } from './candidat-profile.ts';
import { currentCandidatId } from './current-candidat.ts';
import { Candidat } from '../../models/candidat.ts';

export type CandidatFile = 'CV' | 'PHOTO';

const COLUMN = { CV: 'cvFileId', PHOTO: 'photoFileId' } as const;

export async function uploadCandidatFile(
  ctx: Ctx,
  kind: CandidatFile,
  file: IncomingFile | null,
): Promise<CandidatProfile> {
  const id = currentCandidatId(ctx);
  const column = COLUMN[kind];
  await storeAndAttach(
    ctx,
    file,
    { ...UPLOAD_RULES[kind], purpose: kind, ownerAccountId: id },
    async (t, stored) => {
      // Locked so two concurrent uploads each delete the file they really replace.
      const current = await Candidat.query(t.db).findById(id).forUpdate().select(column);
      if (!current) throw new NotFoundError('Candidate profile');
      await Candidat.query(t.db)
        .findById(id)
        .patch({ [column]: stored.id, updatedAt: t.clock.now() });
      return { result: null, replacedFileIds: await filesNoApplicationHolds(t, [current[column]]) };
    },
  );
  const profile = await loadCandidatProfile(ctx.db, id, ctx.config.publicUrl);
  if (!profile) throw new NotFoundError('Candidate profile');
  return profile;
}
