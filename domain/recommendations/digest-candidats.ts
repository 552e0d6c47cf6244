/**
 * Who gets the weekly digest, read in keyset batches on the candidate id (100,000 subscribers
 * never sit in memory): candidates whose `digestHebdo` preference is on, whose account is enabled,
 * and who have no digest yet for this week (a re-run skips them at once). With each, the
 * confirmed mobile when SMS are on and no STOP came since, as job alerts pick it.
 */
import type { Ctx } from '../context.ts';
import type { Langue } from '../../models/account.ts';
import { toLangue } from '../accounts/index.ts';
import { RecommendationDigest } from '../../models/recommendation-digest.ts';
import { RecommendationPreference } from '../../models/recommendation-preference.ts';

export interface DigestCandidat {
  id: number;
  email: string;
  langue: Langue;
  prenom: string | null;
  /** The confirmed mobile SMS go to, null when SMS are off or not confirmed. */
  smsPhone: string | null;
}

export async function digestCandidatsAfter(
  ctx: Ctx,
  afterId: number,
  size: number,
  weekStart: string,
): Promise<DigestCandidat[]> {
  const rows = await RecommendationPreference.query(ctx.db)
    .alias('p')
    .join('accounts as a', 'a.id', 'p.candidatId')
    .join('candidates as c', 'c.id', 'p.candidatId')
    .leftJoin('smsPhones as sp', (j) => {
      j.on('sp.candidatId', '=', 'p.candidatId')
        .andOn('sp.enabled', '=', ctx.db.raw('1'))
        .andOnNull('sp.stoppedAt')
        .andOnNotNull('sp.confirmedAt');
    })
    .where({ 'p.digestHebdo': true, 'a.enabled': true })
    .where('p.candidatId', '>', afterId)
    .whereNotExists(
      RecommendationDigest.query(ctx.db)
        .whereColumn('recommendationDigests.candidatId', 'p.candidatId')
        .where('recommendationDigests.weekStart', weekStart),
    )
    .orderBy('p.candidatId')
    .limit(size)
    .select('p.candidatId as id', 'a.email', 'a.langue', 'c.prenom', 'sp.phone as smsPhone')
    .castTo<
      { id: number | string; email: string; langue: string; prenom: string | null; smsPhone: string | null }[]
    >();
  return rows.map((r) => ({
    id: Number(r.id),
    email: r.email,
    langue: toLangue(r.langue),
    prenom: r.prenom,
    smsPhone: r.smsPhone,
  }));
}
