/** Published offers a company may have at once, by plan. */
import type { Plan } from '../../models/entreprise.ts';

export const PUBLISHED_OFFRES_QUOTA: Record<Plan, number> = {
  GRATUIT: 1,
  ESSENTIEL: 5,
  PRO: 20,
  ENTREPRISE: Number.POSITIVE_INFINITY,
};

/** The quotas as the API's documentation says them: "1 (GRATUIT), 5 (ESSENTIEL), 20 (PRO) or unlimited (ENTREPRISE)". */
export function quotasSentence(): string {
  const parts = Object.entries(PUBLISHED_OFFRES_QUOTA).map(
    ([plan, quota]) => `${Number.isFinite(quota) ? quota : 'unlimited'} (${plan})`,
  );
  return `${parts.slice(0, -1).join(', ')} or ${parts.at(-1)}`;
}
