/**
 * The plan's quota of published offers, whoever publishes: the recruiter (publish-offre.ts) or an
 * administrator releasing a held draft (trust/offre-moderation.ts). The caller holds the company's
 * row locked (FOR UPDATE) in its transaction, so concurrent publishes count each other.
 */
import type { Ctx } from '../context.ts';
import { bilingual, ConflictError, NotFoundError } from '../errors.ts';
import { Entreprise, type Plan } from '../../models/entreprise.ts';
import { Offre } from '../../models/offre.ts';
import { PUBLISHED_OFFRES_QUOTA } from './plan-quotas.ts';

/** The company's row, locked for the rest of the transaction: take it before the offer's (one lock order). */
export async function lockEntrepriseForPublishing(
  ctx: Ctx,
  entrepriseId: number,
): Promise<{ id: number; plan: Plan }> {
  const entreprise = await Entreprise.query(ctx.db).findById(entrepriseId).forUpdate().select('id', 'plan');
  if (!entreprise) throw new NotFoundError('Entreprise');
  return entreprise;
}

/** 409 PLAN_QUOTA_EXCEEDED when the company already has its plan's number of published offers. */
export async function assertPublishQuota(ctx: Ctx, entreprise: { id: number; plan: Plan }): Promise<void> {
  const quota = PUBLISHED_OFFRES_QUOTA[entreprise.plan];
  const published = await Offre.query(ctx.db)
    .where({ entrepriseId: entreprise.id, status: 'PUBLISHED' })
    .resultSize();
  if (published >= quota)
    throw new ConflictError(
      'PLAN_QUOTA_EXCEEDED',
      bilingual(
        `La formule ${entreprise.plan} permet ${quota} offre(s) publiée(s) à la fois`,
        `The plan ${entreprise.plan} allows ${quota} published offer(s) at once`,
      ),
      `plan: ${entreprise.plan}, published: ${published}, quota: ${quota}`,
    );
}
