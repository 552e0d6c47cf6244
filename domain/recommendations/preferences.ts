/**
 * GET/PUT /candidats/me/recommandations/preferences: the candidate's matching preferences. Kept
 * apart from the profile (PUT /candidats/me) because they are about matching, not about what the
 * profile shows: hard filters (contracts, minimum salary, radius), the remote wish, whether
 * companies may see the candidate among suggestions and invite them, and the weekly digest.
 * No row means every default; a PUT changes what it names (its route's description gives the rules).
 */
import type { Static } from 'typebox';
import { inTransaction, type Ctx } from '../context.ts';
import { currentCandidatId } from '../candidats/index.ts';
import type { RecommendationPreferences, RecommendationPreferencesUpdate } from '../shapes/index.ts';
import { RecommendationPreference } from '../../models/recommendation-preference.ts';
import { DEFAULT_PREFERENCES } from './match.ts';

export type PreferencesView = Static<typeof RecommendationPreferences>;
export type PreferencesInput = Static<typeof RecommendationPreferencesUpdate>;

function viewOf(row: RecommendationPreference | undefined): PreferencesView {
  if (!row) return { ...DEFAULT_PREFERENCES };
  return {
    contractTypes: row.contractTypes && row.contractTypes.length ? row.contractTypes : null,
    salaireMin: row.salaireMin === null ? null : Number(row.salaireMin),
    rayonKm: row.rayonKm === null ? null : Number(row.rayonKm),
    teletravail: row.teletravail,
    visibleRecruteurs: Boolean(row.visibleRecruteurs),
    invitationsAcceptees: Boolean(row.invitationsAcceptees),
    digestHebdo: Boolean(row.digestHebdo),
  };
}

export async function preferencesOf(ctx: Ctx, candidatId: number): Promise<PreferencesView> {
  return viewOf(await RecommendationPreference.query(ctx.db).findById(candidatId));
}

export function getMyPreferences(ctx: Ctx): Promise<PreferencesView> {
  return preferencesOf(ctx, currentCandidatId(ctx));
}

export async function updateMyPreferences(ctx: Ctx, input: PreferencesInput): Promise<PreferencesView> {
  const candidatId = currentCandidatId(ctx);
  return inTransaction(ctx, async (t) => {
    const current = viewOf(await RecommendationPreference.query(t.db).findById(candidatId).forUpdate());
    const next: PreferencesView = { ...current };
    for (const key of Object.keys(input) as (keyof PreferencesInput)[])
      if (input[key] !== undefined) Object.assign(next, { [key]: input[key] });
    if (next.contractTypes) next.contractTypes = [...new Set(next.contractTypes)];
    if (next.contractTypes && next.contractTypes.length === 0) next.contractTypes = null;
    const row = { ...next, updatedAt: ctx.clock.now() };
    await RecommendationPreference.query(t.db)
      .insert({ candidatId, ...row })
      .onConflict('candidatId')
      .merge(row);
    return next;
  });
}
