/**
 * DELETE /candidats/me/cv: the profile has no CV any more; the file is deleted for good (row, then
 * bytes once committed) unless an application holds it (the recruiter keeps the CV it was sent).
 */
import type { Ctx } from '../context.ts';
import { inTransaction } from '../context.ts';
import { NotFoundError } from '../errors.ts';
import { deleteFileRows, removeStoredObjects, filesNoApplicationHolds } from '../files/index.ts';
import { currentCandidatId } from './current-candidat.ts';
import { Candidat } from '../../models/candidat.ts';

export async function deleteMyCv(ctx: Ctx): Promise<void> {
  const id = currentCandidatId(ctx);
  const keys = await inTransaction(ctx, async (t) => {
    const row = await Candidat.query(t.db).findById(id).forUpdate().select('cvFileId');
    if (!row?.cvFileId) throw new NotFoundError('CV');
    await Candidat.query(t.db).findById(id).patch({ cvFileId: null, updatedAt: t.clock.now() });
    return deleteFileRows(t, await filesNoApplicationHolds(t, [row.cvFileId]));
  });
  await removeStoredObjects(ctx, keys);
}
