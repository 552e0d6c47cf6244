/**
 * What the four administrator decisions on a recruiter share (approve, reject, suspend,
 * reactivate; one file each beside this one, called by the API and the CLI alike): who may act,
 * the reason rule of the move (recruteur-statuses.ts), and one transaction holding the status change with its history entry, the
 * audit log row and the action's own effects (event, email, token revocation).
 */
import type { Ctx } from '../context.ts';
import { inTransaction } from '../context.ts';
import { ForbiddenError, inputError, NotFoundError } from '../errors.ts';
import { recordAudit } from '../audit/index.ts';
import { recordRecruteurStatusChange } from './record-status-change.ts';
import { loadRecruteurAdminItems, type RecruteurAdminItem } from './recruteur-admin-view.ts';
import { RECRUTEUR_MOVES, type RecruteurMove } from './recruteur-statuses.ts';
import type { Langue } from '../../models/account.ts';
import { Recruteur } from '../../models/recruteur.ts';
import { ADMINS_ONLY } from '../common-refusals.ts';

export interface TransitionTarget {
  id: number;
  email: string;
  langue: Langue;
  nom: string;
  prenom: string;
  entrepriseId: number;
  nomEntreprise: string;
}

export interface AdminTransition {
  /** Audit action name, e.g. 'recruiter.approve'. */
  action: string;
  move: RecruteurMove;
  effects(t: Ctx, target: TransitionTarget, reason: string | null): Promise<void>;
}

function assertAdminOrSystem(ctx: Ctx): void {
  if (ctx.actor.type === 'system') return;
  if (ctx.actor.type === 'account' && (ctx.actor.role === 'ADMIN' || ctx.actor.role === 'SUPER_ADMIN'))
    return;
  throw new ForbiddenError(ADMINS_ONLY);
}

export async function applyAdminTransition(
  ctx: Ctx,
  recruteurId: number,
  rawReason: string | null | undefined,
  transition: AdminTransition,
): Promise<RecruteurAdminItem> {
  assertAdminOrSystem(ctx);
  const reason = rawReason?.trim() || null;
  if (RECRUTEUR_MOVES[transition.move].reasonRequired && !reason)
    throw inputError('A reason is required', 'body.reason', 'blank');
  await inTransaction(ctx, async (t) => {
    const target = await Recruteur.query(t.db)
      .alias('r')
      .joinRelated('[account, entreprise]', { aliases: { account: 'a', entreprise: 'e' } })
      .where('r.id', recruteurId)
      .select('r.id', 'a.email', 'a.langue', 'r.nom', 'r.prenom', 'r.entrepriseId', 'e.nomEntreprise')
      .first()
      .castTo<TransitionTarget | undefined>();
    if (!target) throw new NotFoundError('Recruiter');
    const change = await recordRecruteurStatusChange(t, recruteurId, transition.move, reason);
    await recordAudit(t, transition.action, { type: 'recruiter', id: recruteurId }, { ...change, reason });
    await transition.effects(t, target, reason);
  });
  const [item] = await loadRecruteurAdminItems(ctx, [recruteurId]);
  return item;
}
