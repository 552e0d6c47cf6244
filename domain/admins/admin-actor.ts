/** The signed-in administrator of an admin route (the CLI passes ids explicitly instead). */
import type { Ctx } from '../context.ts';
import { ForbiddenError } from '../errors.ts';
import { ADMINS_ONLY } from '../common-refusals.ts';

export function adminAccountId(ctx: Ctx): number {
  const actor = ctx.actor;
  if (actor.type !== 'account' || (actor.role !== 'ADMIN' && actor.role !== 'SUPER_ADMIN'))
    throw new ForbiddenError(ADMINS_ONLY);
  return actor.id;
}
