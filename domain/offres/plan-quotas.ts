/** Published offers a company may have at once, by plan. */
import type { Plan } from '../../models/entreprise.ts';

export const PUBLISHED_OFFRES_QUOTA: Record<Plan, number> = {
  GRATUIT: 1,
  ESSENTIEL: 5,
  PRO: 20,
  ENTREPRISE: Number.POSITIVE_INFINITY,
};
