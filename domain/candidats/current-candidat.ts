/** The signed-in candidate: its account id, after checking the role (routes check it too). */
import type { Ctx } from '../context.ts';
import { ForbiddenError, UnauthorizedError } from '../errors.ts';
import { CANDIDATES_ONLY } from '../common-refusals.ts';

export function currentCandidatId(ctx: Ctx): number {
  if (ctx.actor.type !== 'account') throw new UnauthorizedError();
  if (ctx.actor.role !== 'CANDIDAT') throw new ForbiddenError(CANDIDATES_ONLY);
  return ctx.actor.id;
}
