/**
 * Every change of a recruiter's status goes through here: the new status and its history entry
 * (recruiter status history entry) with who and why, in the caller's transaction.
 */
import type { Ctx } from '../context.ts';
import { bilingual, ConflictError, NotFoundError } from '../errors.ts';
import { Admin } from '../../models/admin.ts';
import { Candidat } from '../../models/candidat.ts';
import { Recruteur, type RecruteurStatus } from '../../models/recruteur.ts';
import { RecruteurStatusHistory } from '../../models/recruteur-status-history.ts';
import { RECRUTEUR_MOVES, canMakeRecruteurMove, type RecruteurMove } from './recruteur-statuses.ts';

async function actorIdentity(ctx: Ctx): Promise<{ email: string | null; name: string | null }> {
  if (ctx.actor.type === 'system') return { email: null, name: ctx.actor.id };
  if (ctx.actor.type !== 'account') return { email: null, name: null };
  const id = ctx.actor.id;
  const person =
    (await Admin.query(ctx.db).findById(id).select('nom', 'prenom')) ??
    (await Recruteur.query(ctx.db).findById(id).select('nom', 'prenom')) ??
    (await Candidat.query(ctx.db).findById(id).select('nom', 'prenom'));
  return { email: ctx.actor.email, name: person ? `${person.prenom} ${person.nom}` : null };
}

/**
 * Makes one move of the recruiter lifecycle (recruteur-statuses.ts). The UPDATE is conditional on
 * the current status, so two concurrent moves cannot both apply (the loser gets 409
 * INVALID_TRANSITION).
 */
export async function recordRecruteurStatusChange(
  ctx: Ctx,
  recruteurId: number,
  move: RecruteurMove,
  reason: string | null = null,
): Promise<{ oldStatus: RecruteurStatus; newStatus: RecruteurStatus }> {
  const { from, to } = RECRUTEUR_MOVES[move];
  const current = await Recruteur.query(ctx.db).findById(recruteurId).select('status');
  if (!current) throw new NotFoundError('Recruiter');
  if (!canMakeRecruteurMove(current.status, move)) {
    throw new ConflictError(
      'INVALID_TRANSITION',
      bilingual(
        `Le recruteur ne peut pas passer du statut ${current.status} au statut ${to}`,
        `Cannot move a recruiter from ${current.status} to ${to}`,
      ),
      `allowed from: ${from.join(', ')}`,
    );
  }
  const now = ctx.clock.now();
  const updated = await Recruteur.query(ctx.db)
    .where({ id: recruteurId, status: current.status })
    .patch({ status: to, updatedAt: now });
  if (updated !== 1)
    throw new ConflictError(
      'INVALID_TRANSITION',
      bilingual(
        'Le statut du recruteur a changé entre-temps : réessayez',
        'The recruiter status changed meanwhile, try again',
      ),
    );
  const who = await actorIdentity(ctx);
  await RecruteurStatusHistory.query(ctx.db).insert({
    recruiterId: recruteurId,
    oldStatus: current.status,
    newStatus: to,
    reason,
    changedByEmail: who.email,
    changedByName: who.name,
    changedAt: now,
  });
  return { oldStatus: current.status, newStatus: to };
}

/**
 * The first history entry of a new recruiter (oldStatus null): registration sets the status with
 * the row itself, and the history still says who and when.
 */
export async function recordInitialRecruteurStatus(
  ctx: Ctx,
  recruteurId: number,
  status: RecruteurStatus,
  reason: string | null = null,
): Promise<void> {
  const who = await actorIdentity(ctx);
  await RecruteurStatusHistory.query(ctx.db).insert({
    recruiterId: recruteurId,
    oldStatus: null,
    newStatus: status,
    reason,
    changedByEmail: who.email,
    changedByName: who.name,
    changedAt: ctx.clock.now(),
  });
}
