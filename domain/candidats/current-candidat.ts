/** The signed-in candidate: its account id, after checking the role (routes check it too). */
import type { Ctx } from '../context.ts';
import { bilingual, ForbiddenError, UnauthorizedError } from '../errors.ts';

export function currentCandidatId(ctx: Ctx): number {
  if (ctx.actor.type !== 'account') throw new UnauthorizedError();
  if (ctx.actor.role !== 'CANDIDAT')
    throw new ForbiddenError(bilingual('Réservé aux candidats', 'Candidates only'));
  return ctx.actor.id;
}
