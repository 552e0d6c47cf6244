/**
 * A candidate's side of pool invitations: the invitations sent to the account's email address,
 * and the answer. Accepting links the pool member to the account (`candidatId`), which gives the
 * company's active recruiters the candidate's profile, CV and photo; declining keeps everything
 * closed and bars that company from inviting the address again for 180 days. An invitation is
 * answered once (409 INVALID_TRANSITION after that); another person's invitation is a 404.
 */
import type { Static } from 'typebox';
import { inTransaction, type Ctx } from '../context.ts';
import { bilingual, ConflictError, ForbiddenError, NotFoundError } from '../errors.ts';
import { normalizeEmail, languesOfAddresses } from '../accounts/index.ts';
import type { Langue } from '../../models/account.ts';
import { PoolInvitation, type PoolInvitationStatus } from '../../models/pool-invitation.ts';
import { VivierCandidat } from '../../models/vivier-candidat.ts';
import type { PoolInvitation as PoolInvitationShape } from '../shapes/index.ts';

/** The static type of the PoolInvitation shape (domain/shapes/vivier.ts). */
export type PoolInvitationView = Static<typeof PoolInvitationShape>;

function candidatOf(ctx: Ctx): { id: number; email: string } {
  if (ctx.actor.type !== 'account' || ctx.actor.role !== 'CANDIDAT') throw new ForbiddenError();
  return { id: ctx.actor.id, email: normalizeEmail(ctx.actor.email) };
}

interface Row {
  id: number;
  status: PoolInvitationStatus;
  entrepriseId: number;
  nomEntreprise: string;
  vivierNom: string;
  createdAt: Date;
  respondedAt: Date | null;
  vivierCandidatId: number;
}

function invitationsOf(ctx: Ctx, email: string) {
  return PoolInvitation.query(ctx.db)
    .joinRelated('[entreprise, member.vivier]')
    .where('poolInvitations.email', email)
    .select(
      'poolInvitations.id',
      'poolInvitations.status',
      'poolInvitations.entrepriseId',
      'entreprise.nomEntreprise',
      'member:vivier.nom as vivierNom',
      'poolInvitations.createdAt',
      'poolInvitations.respondedAt',
      'poolInvitations.vivierCandidatId',
    );
}

const view = (r: Row): PoolInvitationView => ({
  id: r.id,
  status: r.status,
  entreprise: { id: r.entrepriseId, nomEntreprise: r.nomEntreprise },
  vivierNom: r.vivierNom,
  createdAt: r.createdAt,
  respondedAt: r.respondedAt,
});

export async function listMyPoolInvitations(ctx: Ctx): Promise<PoolInvitationView[]> {
  const me = candidatOf(ctx);
  const rows = await invitationsOf(ctx, me.email).orderBy('poolInvitations.id', 'desc').castTo<Row[]>();
  return rows.map(view);
}

export async function answerPoolInvitation(
  ctx: Ctx,
  invitationId: number,
  answer: 'ACCEPTED' | 'DECLINED',
): Promise<PoolInvitationView> {
  const me = candidatOf(ctx);
  return inTransaction(ctx, async (t) => {
    const row = await invitationsOf(t, me.email)
      .where('poolInvitations.id', invitationId)
      .forUpdate()
      .first()
      .castTo<Row | undefined>();
    if (!row) throw new NotFoundError('Invitation');
    if (row.status !== 'PENDING')
      throw new ConflictError(
        'INVALID_TRANSITION',
        row.status === 'ACCEPTED'
          ? bilingual('Vous avez déjà accepté cette invitation', 'This invitation was already accepted')
          : bilingual('Vous avez déjà refusé cette invitation', 'This invitation was already declined'),
      );
    const now = t.clock.now();
    await PoolInvitation.query(t.db).findById(invitationId).patch({ status: answer, respondedAt: now });
    if (answer === 'ACCEPTED')
      await VivierCandidat.query(t.db).findById(row.vivierCandidatId).patch({ candidatId: me.id });
    return view({ ...row, status: answer, respondedAt: now });
  });
}

/**
 * The opt-out page of an invitation email, before anything changes (mail scanners open links):
 * the language of the account with that address, if any (else the caller picks). 404 when unknown.
 */
export async function poolOptOutLangue(ctx: Ctx, token: string): Promise<Langue | null> {
  const row = await PoolInvitation.query(ctx.db).findOne({ optOutToken: token }).select('email');
  if (!row) throw new NotFoundError('Invitation');
  return (await languesOfAddresses(ctx.db, [row.email.toLowerCase()])).get(row.email.toLowerCase()) ?? null;
}

/** The one-click opt-out of an invitation email: no company may send pool invitations to that address any more. */
export async function optOutOfPoolInvitations(ctx: Ctx, token: string): Promise<{ optedOut: true }> {
  const row = await PoolInvitation.query(ctx.db).findOne({ optOutToken: token }).select('email');
  if (!row) throw new NotFoundError('Invitation');
  await ctx.db.raw('INSERT IGNORE INTO pool_invitation_opt_outs (email, created_at) VALUES (?, ?)', [
    row.email,
    ctx.clock.now(),
  ]);
  return { optedOut: true };
}
