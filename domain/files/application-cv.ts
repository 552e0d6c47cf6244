/**
 * The CV an application was sent with. Applying copies the reference of the profile's CV onto the
 * application, and the file stays as long as an application references it: replacing or deleting
 * the profile's CV only drops the files no application holds, so the recruiter reads the CV it
 * was sent. Erasing the account deletes the files anyway (the reference then turns NULL).
 */
import type { Ctx } from '../context.ts';
import { Candidature } from '../../models/candidature.ts';

/** Of these file ids, those no application references: the ones a profile change may delete. */
export async function filesNoApplicationHolds(t: Ctx, ids: (number | null | undefined)[]): Promise<number[]> {
  const wanted = ids.filter((id): id is number => typeof id === 'number');
  if (!wanted.length) return [];
  const held = await Candidature.query(t.db).whereIn('cvFileId', wanted).forShare().select('cvFileId');
  const heldIds = new Set(held.map((r) => r.cvFileId));
  return wanted.filter((id) => !heldIds.has(id));
}

/** True when the file is the CV of an application to an offer of this company. */
export async function isApplicationCvOfEntreprise(
  ctx: Ctx,
  fileId: number,
  entrepriseId: number,
): Promise<boolean> {
  const row = await Candidature.query(ctx.db)
    .joinRelated('offre')
    .where({ 'candidatures.cvFileId': fileId, 'offre.entrepriseId': entrepriseId })
    .select('candidatures.id')
    .limit(1)
    .first();
  return Boolean(row);
}
