/**
 * POST /recruiters/me/viviers/{id}/invite: one email per chosen pool member (every member when
 * no ids are given), with the recruiter's message and, optionally, a PUBLISHED offer of the
 * company. Each email is a pool invitation the person may accept (which links the member to
 * their account) or decline, and carries a one-click opt-out. Caps and blocks:
 * pool-invitation-rules.ts (a member invited less than 7 days ago, or blocked, is skipped and listed
 * with the reason). The emails go to the outbox in one transaction with the bump of the company's
 * daily email count: all are queued or none.
 * Each is written in the language of the account that has the address, else in the recruiter's
 * (the recruiter never learns which: the email is not shown to it).
 */
import { inTransaction, type Ctx } from '../context.ts';
import { bilingual, ConflictError, inputError, NotFoundError } from '../errors.ts';
import { enqueueEmail } from '../mail/index.ts';
import { ownVivier } from './own-vivier.ts';
import { languesOfAddresses } from '../accounts/index.ts';
import { vivierInvitationEmail } from './vivier-invitation-email.ts';
import {
  checkDailyQuota,
  checkRequestSize,
  DECLINE_BLOCK_DAYS,
  pendingInvitation,
  SKIP_MESSAGES,
  sortMembers,
  type SkipReason,
} from './pool-invitation-rules.ts';
import { Offre } from '../../models/offre.ts';
import { Entreprise } from '../../models/entreprise.ts';
import { VivierCandidat } from '../../models/vivier-candidat.ts';

export interface InviteResult {
  invited: number;
  /** The length of skippedMembers (kept for older clients). */
  skipped: number;
  skippedMembers: { candidatVivierId: number; reason: SkipReason; message: string }[];
}

export interface InviteInput {
  candidatVivierIds?: number[];
  offreId?: number | null;
  message: string;
}

export async function inviteVivierCandidats(
  ctx: Ctx,
  vivierId: number,
  input: InviteInput,
): Promise<InviteResult> {
  const { recruteur } = await ownVivier(ctx, vivierId);
  const message = input.message.trim();
  if (!message) throw inputError('The message is empty', 'body.message', 'blank');
  let offre: { id: number; titre: string } | null = null;
  if (input.offreId) {
    const row = await Offre.query(ctx.db)
      .findOne({ id: input.offreId, entrepriseId: recruteur.entrepriseId })
      .select('id', 'titre', 'status');
    if (!row) throw new NotFoundError('Offre');
    if (row.status !== 'PUBLISHED')
      throw inputError('The offer must be published', 'body.offreId', 'notPublished');
    offre = { id: row.id, titre: row.titre };
  }
  const ids = input.candidatVivierIds ? [...new Set(input.candidatVivierIds)] : null;
  if (ids) {
    if (ids.length === 0)
      throw inputError(
        'No pool member chosen',
        'body.candidatVivierIds',
        'minItems',
        { limit: 1 },
        bilingual(
          'liste vide (omettez-la pour inviter tout le monde)',
          'empty list (omit it to invite everyone)',
        ),
      );
    const found = await VivierCandidat.query(ctx.db).where({ vivierId }).whereIn('id', ids).select('id');
    if (found.length !== ids.length) {
      const inPool = new Set(found.map((m) => m.id));
      const missing = ids.filter((id) => !inPool.has(id));
      const shown = missing.slice(0, 10).join(', ') + (missing.length > 10 ? ', …' : '');
      throw new NotFoundError('Candidat du vivier', `candidatVivierIds: ${shown}`);
    }
  }
  const entreprise = await Entreprise.query(ctx.db)
    .findById(recruteur.entrepriseId)
    .select('nomEntreprise')
    .throwIfNotFound();
  return inTransaction(ctx, async (t) => {
    // The company row is the lock that keeps concurrent invites within the daily cap.
    await Entreprise.query(t.db).findById(recruteur.entrepriseId).forUpdate().select('id');
    const targets = VivierCandidat.query(t.db).where({ vivierId });
    if (ids) targets.whereIn('id', ids);
    checkRequestSize(await targets.clone().resultSize());
    const members = await targets.orderBy('id').select('id', 'email', 'prenom');
    const { invitable, skipped } = await sortMembers(t, recruteur.entrepriseId, members);
    if (
      members.length > 0 &&
      skipped.filter((s) => s.reason === 'POOL_INVITATION_BLOCKED').length === members.length
    )
      throw new ConflictError(
        'POOL_INVITATION_BLOCKED',
        bilingual(
          `Ces personnes ont refusé votre invitation ou ne reçoivent plus d’invitations de vivier : aucune invitation pendant ${DECLINE_BLOCK_DAYS} jours après un refus, plus jamais après une désinscription`,
          `These people declined your invitation or opted out of pool invitations: no invitation for ${DECLINE_BLOCK_DAYS} days after a decline, never after an opt-out`,
        ),
      );
    const quota = await checkDailyQuota(t, recruteur.entrepriseId, invitable.length);
    const langues = await languesOfAddresses(
      t.db,
      invitable.map((m) => m.email.toLowerCase()),
    );
    for (const m of invitable) {
      const invitation = await pendingInvitation(t, m, recruteur.entrepriseId);
      await enqueueEmail(
        t,
        vivierInvitationEmail(t, {
          to: m.email,
          langue: langues.get(m.email.toLowerCase()) ?? recruteur.langue,
          prenom: m.prenom,
          nomEntreprise: entreprise.nomEntreprise,
          recruteur: `${recruteur.prenom} ${recruteur.nom}`,
          replyTo: recruteur.email,
          message,
          offre,
          optOutToken: invitation.optOutToken,
        }),
      );
    }
    await quota.record(invitable.length);
    return {
      invited: invitable.length,
      skipped: skipped.length,
      skippedMembers: skipped.map(({ member, reason }) => ({
        candidatVivierId: member.id,
        reason,
        message: SKIP_MESSAGES[reason][recruteur.langue],
      })),
    };
  });
}
