/** GET /recommandations/poids: every weight of the score by name, so a frontend can show them. */
import type { Static } from 'typebox';
import type { WeightsTable } from '../shapes/index.ts';
import {
  FEEDBACK_DESCRIPTIONS,
  FEEDBACK_WEIGHTS,
  PART_DESCRIPTIONS,
  PART_NAMES,
  PART_WEIGHTS,
  type FeedbackName,
} from './weights.ts';

export function listWeights(): Static<typeof WeightsTable> {
  return {
    parts: PART_NAMES.map((name) => ({
      name,
      weight: PART_WEIGHTS[name],
      description: PART_DESCRIPTIONS[name],
    })),
    feedback: (Object.keys(FEEDBACK_WEIGHTS) as FeedbackName[]).map((name) => ({
      name,
      weight: FEEDBACK_WEIGHTS[name],
      description: FEEDBACK_DESCRIPTIONS[name],
    })),
  };
}
