/**
 * POST /recruiters/me/viviers/{id}/invite: one email per chosen pool member (every member when
 * no ids are given), with the recruiter's message and, optionally, a PUBLISHED offer of the
 * company. Members are read in pages by id and the emails go to the outbox in one transaction:
 * all are queued or none.
 */
import { inTransaction, type Ctx } from '../context.ts';
import { NotFoundError, ValidationError } from '../errors.ts';
import { enqueueEmail } from '../mail/enqueue-email.ts';
import { ownVivier } from './own-vivier.ts';
import { vivierInvitationEmail } from './vivier-invitation-email.ts';

const PAGE = 500;

export interface InviteInput {
  candidatVivierIds?: number[];
  offreId?: number | null;
  message: string;
}

export async function inviteVivierCandidats(
  ctx: Ctx,
  vivierId: number,
  input: InviteInput,
): Promise<{ invited: number }> {
  const { recruiter } = await ownVivier(ctx, vivierId);
  const message = input.message.trim();
  if (!message) throw new ValidationError('The message is empty', 'message');
  let offre: { id: number; titre: string } | null = null;
  if (input.offreId) {
    const row = (await ctx
      .db('offres')
      .where({ id: input.offreId, entrepriseId: recruiter.entrepriseId })
      .first('id', 'titre', 'status')) as { id: number; titre: string; status: string } | undefined;
    if (!row) throw new NotFoundError('Offre');
    if (row.status !== 'PUBLISHED')
      throw new ValidationError('The offer must be published', 'offreId: offer is not PUBLISHED');
    offre = { id: row.id, titre: row.titre };
  }
  const ids = input.candidatVivierIds ? [...new Set(input.candidatVivierIds)] : null;
  if (ids) {
    if (ids.length === 0)
      throw new ValidationError(
        'No pool member chosen',
        'candidatVivierIds: empty list (omit it to invite everyone)',
      );
    const found = (await ctx
      .db('vivierCandidats')
      .where({ vivierId })
      .whereIn('id', ids)
      .count({ n: '*' })
      .first()) as { n: number | string };
    if (Number(found.n) !== ids.length)
      throw new NotFoundError('Candidat du vivier', 'some candidatVivierIds are not in this pool');
  }
  const entreprise = (await ctx
    .db('entreprises')
    .where({ id: recruiter.entrepriseId })
    .first('nomEntreprise')) as { nomEntreprise: string };
  return inTransaction(ctx, async (t) => {
    let invited = 0;
    let afterId = 0;
    for (;;) {
      const q = t
        .db('vivierCandidats')
        .where({ vivierId })
        .where('id', '>', afterId)
        .orderBy('id')
        .limit(PAGE)
        .select('id', 'email', 'prenom');
      if (ids) q.whereIn('id', ids);
      const members = (await q) as { id: number; email: string; prenom: string | null }[];
      if (members.length === 0) break;
      for (const m of members) {
        await enqueueEmail(
          t,
          vivierInvitationEmail(t, {
            to: m.email,
            prenom: m.prenom,
            nomEntreprise: entreprise.nomEntreprise,
            recruteur: `${recruiter.prenom} ${recruiter.nom}`,
            replyTo: recruiter.email,
            message,
            offre,
          }),
        );
      }
      invited += members.length;
      afterId = members[members.length - 1].id;
    }
    return { invited };
  });
}
