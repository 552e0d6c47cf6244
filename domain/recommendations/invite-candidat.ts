/**
 * POST /offres/{offreId}/candidats-suggeres/{candidatId}/invitation: a company invites a
 * suggested candidate to apply to one of its PUBLISHED offers. One email through the outbox, in
 * the transaction that records the invitation, bumps the company's daily count and writes the
 * audit row (all or nothing).
 * - Only a candidate the company may see among its suggestions (suggest-candidats.ts); anyone
 *   else is a 404, so the route does not tell who exists.
 * - Opt-out honoured: a candidate who turned invitations off (invitationsAcceptees false, also by
 *   the one-click link every invitation carries, kind invitationsPostuler), or whose
 *   address opted out of every company's pool invitations, is a 409 INVITATION_OPTED_OUT.
 * - Once per offer and candidate (409 ALREADY_INVITED); not to one who applied (409 ALREADY_APPLIED).
 * - At most MAX_INVITATIONS_PER_ENTREPRISE_PER_DAY per company per Cameroon calendar day (429
 *   INVITE_QUOTA_EXCEEDED); the company row is locked so concurrent requests cannot pass it.
 */
import type { Static } from 'typebox';
import { inTransaction, type Ctx } from '../context.ts';
import { bilingual, ConflictError, NotFoundError, QuotaExceededError, ValidationError } from '../errors.ts';
import { recordAudit } from '../audit/index.ts';
import { enqueueEmail, sendAllowance } from '../mail/index.ts';
import { requireActiveRecruteur } from '../entreprises/index.ts';
import { findEntrepriseOffre } from '../offres/index.ts';
import type { InvitationResult } from '../shapes/index.ts';
import type { Langue } from '../../models/account.ts';
import { Candidat } from '../../models/candidat.ts';
import { Candidature } from '../../models/candidature.ts';
import { Entreprise } from '../../models/entreprise.ts';
import { PoolInvitationOptOut } from '../../models/pool-invitation-opt-out.ts';
import { RecommendationInvitation } from '../../models/recommendation-invitation.ts';
import { preferencesOf } from './preferences.ts';
import { consentedPoolMembers, stillSuggestible } from './suggest-candidats.ts';
import { invitationToApplyEmail } from './emails.ts';
import { notificationSecret, unsubscribeToken, unsubscribeUrl } from '../candidatures/index.ts';

export const MAX_INVITATIONS_PER_ENTREPRISE_PER_DAY = 50;

export type InvitationResultView = Static<typeof InvitationResult>;

export async function inviteSuggestedCandidat(
  ctx: Ctx,
  offreId: number,
  candidatId: number,
  input: { message?: string | null },
): Promise<InvitationResultView> {
  const recruteur = await requireActiveRecruteur(ctx);
  const offre = await findEntrepriseOffre(ctx, recruteur, offreId);
  if (offre.status !== 'PUBLISHED')
    throw new ValidationError(
      bilingual(
        'Publiez l’offre avant d’y inviter des candidats',
        'Publish the offer before inviting candidates to it',
      ),
      `offer is ${offre.status}`,
    );
  const pool = await consentedPoolMembers(ctx, recruteur.entrepriseId);
  if (!(await stillSuggestible(ctx, [candidatId], pool)).has(candidatId)) throw new NotFoundError('Candidat');
  const prefs = await preferencesOf(ctx, candidatId);
  const person = await Candidat.query(ctx.db)
    .alias('c')
    .join('accounts as a', 'a.id', 'c.id')
    .where('c.id', candidatId)
    .select('c.prenom', 'a.email', 'a.langue')
    .first()
    .castTo<{ prenom: string; email: string; langue: Langue } | undefined>();
  if (!person) throw new NotFoundError('Candidat');
  const optedOut = await PoolInvitationOptOut.query(ctx.db).findById(person.email.toLowerCase());
  if (!prefs.invitationsAcceptees || optedOut)
    throw new ConflictError(
      'INVITATION_OPTED_OUT',
      bilingual(
        'Ce candidat n’accepte pas les invitations à postuler',
        'This candidate does not accept invitations to apply',
      ),
    );
  if (await Candidature.query(ctx.db).findOne({ offreId, candidatId }).select('id'))
    throw new ConflictError(
      'ALREADY_APPLIED',
      bilingual('Ce candidat a déjà postulé à cette offre', 'This candidate already applied to this offer'),
    );
  const message = input.message?.trim() || null;
  const entreprise = await Entreprise.query(ctx.db)
    .findById(recruteur.entrepriseId)
    .select('nomEntreprise')
    .throwIfNotFound();
  // Read before the transaction opens (notification-links.ts): the email's one-click opt-out.
  const unsubscribe = unsubscribeUrl(
    ctx,
    unsubscribeToken(await notificationSecret(ctx), candidatId, 'invitationsPostuler'),
  );
  return inTransaction(ctx, async (t) => {
    // The company row is the lock that keeps concurrent invitations within the daily cap.
    await Entreprise.query(t.db).findById(recruteur.entrepriseId).forUpdate().select('id');
    if (await RecommendationInvitation.query(t.db).findOne({ offreId, candidatId }).select('id'))
      throw new ConflictError(
        'ALREADY_INVITED',
        bilingual(
          'Ce candidat a déjà été invité à postuler à cette offre',
          'This candidate was already invited to apply to this offer',
        ),
      );
    const allowance = await sendAllowance(t, [
      {
        kind: 'offre-invitation',
        scopeId: recruteur.entrepriseId,
        per: 'day',
        limit: MAX_INVITATIONS_PER_ENTREPRISE_PER_DAY,
      },
    ]);
    if (allowance.remaining < 1)
      throw new QuotaExceededError(
        'INVITE_QUOTA_EXCEEDED',
        bilingual(
          `Au plus ${MAX_INVITATIONS_PER_ENTREPRISE_PER_DAY} invitations à postuler par entreprise et par jour`,
          `At most ${MAX_INVITATIONS_PER_ENTREPRISE_PER_DAY} invitations to apply per company per day`,
        ),
        'remaining: 0',
      );
    const now = ctx.clock.now();
    await RecommendationInvitation.query(t.db).insert({
      entrepriseId: recruteur.entrepriseId,
      offreId,
      candidatId,
      recruteurId: recruteur.id,
      createdAt: now,
    });
    await enqueueEmail(
      t,
      invitationToApplyEmail(t, {
        to: person.email,
        langue: person.langue,
        prenom: person.prenom,
        nomEntreprise: entreprise.nomEntreprise,
        offre: { id: offre.id, titre: offre.titre },
        message,
        replyTo: recruteur.email,
        unsubscribeUrl: unsubscribe,
      }),
    );
    await allowance.record(1);
    await recordAudit(
      t,
      'recommendation.invitation_sent',
      { type: 'candidate', id: candidatId },
      { offreId, entrepriseId: recruteur.entrepriseId },
    );
    return { offreId, candidatId, invitedAt: now, remainingToday: allowance.remaining - 1 };
  });
}
