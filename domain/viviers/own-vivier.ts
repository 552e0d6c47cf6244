/**
 * A pool of the signed-in recruiter's company. Recruiter features need an ACTIVE recruiter; a pool
 * of another company is a 404 (the caller may not know it exists).
 */
import type { Ctx } from '../context.ts';
import { NotFoundError } from '../errors.ts';
import { requireActiveRecruiter, type CurrentRecruiter } from '../recruiters/current-recruiter.ts';

export interface OwnVivier {
  recruiter: CurrentRecruiter;
  vivier: { id: number; entrepriseId: number; nom: string; description: string | null };
}

export async function ownVivier(
  ctx: Ctx,
  vivierId: number,
  opts: { forUpdate?: boolean } = {},
): Promise<OwnVivier> {
  const recruiter = await requireActiveRecruiter(ctx);
  const q = ctx
    .db('viviers')
    .where({ id: vivierId, entrepriseId: recruiter.entrepriseId })
    .first('id', 'entrepriseId', 'nom', 'description');
  if (opts.forUpdate) q.forUpdate();
  const vivier = (await q) as OwnVivier['vivier'] | undefined;
  if (!vivier) throw new NotFoundError('Vivier');
  return { recruiter, vivier };
}
