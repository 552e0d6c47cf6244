/**
 * POST /offres/{offreId}/publish: DRAFT -> PUBLISHED, within the plan's quota of published
 * offers (1 / 5 / 20 / unlimited). Exact under concurrent publishes: the company row is locked
 * (SELECT ... FOR UPDATE) before counting, so two publishes of one company run one after the
 * other and the second one counts the first. Emits `offre.published` in the same transaction.
 * An offer the scam rules match is not published: it stays a DRAFT, held for review (domain/trust),
 * and the answer is its view with `moderation: {status: "HELD", reasons}`.
 */
import type { Ctx } from '../context.ts';
import { bilingual, ConflictError, ValidationError } from '../errors.ts';
import { recordEvent } from '../events/index.ts';
import { requireActiveRecruteur } from '../entreprises/index.ts';
import { inRetriedTransaction, localDate } from '../shared/index.ts';
import { Offre } from '../../models/offre.ts';
import { findEntrepriseOffre } from './entreprise-offre.ts';
import {
  assertPublishQuota,
  canMoveOffre,
  lockEntrepriseForPublishing,
  offreStatusesBefore,
} from '../offre-lifecycle/index.ts';
import { loadOffreView, type OffreView } from './offre-view.ts';
import { holdBeforePublish } from '../trust/index.ts';

export async function publishOffre(ctx: Ctx, offreId: number): Promise<OffreView> {
  const recruteur = await requireActiveRecruteur(ctx);
  await findEntrepriseOffre(ctx, recruteur, offreId);
  await inRetriedTransaction(ctx, async (t) => {
    const entreprise = await lockEntrepriseForPublishing(t, recruteur.entrepriseId);
    const offre = await findEntrepriseOffre(t, recruteur, offreId, { forUpdate: true });
    if (!canMoveOffre(offre.status, 'PUBLISHED'))
      throw new ConflictError(
        'INVALID_TRANSITION',
        bilingual('Seule une offre en brouillon peut être publiée', 'Only a draft can be published'),
        `offer is ${offre.status}`,
      );
    const now = t.clock.now();
    if (offre.deadline && offre.deadline < localDate(now)) {
      throw new ValidationError(
        bilingual(
          'La date limite de l’offre est passée : choisissez aujourd’hui ou plus tard avant de publier',
          'The offer’s deadline has passed: set today or later before publishing',
        ),
        `deadline: ${offre.deadline}`,
      );
    }
    await assertPublishQuota(t, entreprise);
    // An offer that asks candidates for money stays a DRAFT, held for an administrator (domain/trust).
    if (await holdBeforePublish(t, offreId)) return;
    await Offre.query(t.db)
      .findById(offreId)
      .whereIn('status', offreStatusesBefore('PUBLISHED'))
      .patch({ status: 'PUBLISHED', publishedAt: now, updatedAt: now });
    await recordEvent(
      t,
      'offre.published',
      { offreId, entrepriseId: entreprise.id, titre: offre.titre, publishedAt: now.toISOString() },
      { entrepriseId: entreprise.id },
    );
  });
  return (await loadOffreView(ctx, offreId))!;
}
