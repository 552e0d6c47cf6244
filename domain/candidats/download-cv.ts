/** GET /candidats/me/cv: the candidate's own CV, with the content type detected at upload. */
import type { Ctx } from '../context.ts';
import { NotFoundError } from '../errors.ts';
import { findFileRow, openFileRow, type FileDownload } from '../files/index.ts';
import { currentCandidatId } from './current-candidat.ts';
import { Candidat } from '../../models/candidat.ts';

export async function downloadMyCv(ctx: Ctx): Promise<FileDownload> {
  const id = currentCandidatId(ctx);
  const row = await Candidat.query(ctx.db).findById(id).select('cvFileId');
  const file = row?.cvFileId ? await findFileRow(ctx, row.cvFileId) : null;
  if (!file) throw new NotFoundError('CV');
  return openFileRow(ctx, file, { isPublic: false });
}
