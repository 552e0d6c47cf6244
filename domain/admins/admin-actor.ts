/** The signed-in administrator of an admin route (the CLI passes ids explicitly instead). */
import type { Ctx } from '../context.ts';
import { bilingual, ForbiddenError } from '../errors.ts';

export function adminAccountId(ctx: Ctx): number {
  const actor = ctx.actor;
  if (actor.type !== 'account' || (actor.role !== 'ADMIN' && actor.role !== 'SUPER_ADMIN'))
    throw new ForbiddenError(bilingual('Réservé aux administrateurs', 'Administrators only'));
  return actor.id;
}
