/** DELETE /candidats/me/cv: the CV file is deleted for good (row, then bytes once committed). */
import type { Ctx } from '../context.ts';
import { inTransaction } from '../context.ts';
import { NotFoundError } from '../errors.ts';
import { deleteFileRows, removeStoredObjects } from '../files/remove-files.ts';
import { currentCandidateId } from './current-candidate.ts';

export async function deleteMyCv(ctx: Ctx): Promise<void> {
  const id = currentCandidateId(ctx);
  const keys = await inTransaction(ctx, async (t) => {
    const row = (await t.db('candidates').where({ id }).forUpdate().first('cvFileId')) as
      { cvFileId: number | null } | undefined;
    if (!row?.cvFileId) throw new NotFoundError('CV');
    await t.db('candidates').where({ id }).update({ cvFileId: null, updatedAt: t.clock.now() });
    return deleteFileRows(t, [row.cvFileId]);
  });
  await removeStoredObjects(ctx, keys);
}
