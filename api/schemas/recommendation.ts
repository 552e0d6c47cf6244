/** Recommendation shapes (domain/shapes/recommendation.ts) and the route-only bodies. */
import Type from 'typebox';
import { Nullable, StringEnum } from '../../domain/shapes/common.ts';
import { DISMISS_REASON_VALUES } from '../../domain/shapes/recommendation.ts';

export {
  Dismissal,
  InvitationResult,
  RecommendationPreferences,
  RecommendationPreferencesUpdate,
  RecommendedOffre,
  SuggestedCandidat,
  WeightsTable,
} from '../../domain/shapes/recommendation.ts';

export const DismissBody = Type.Object(
  {
    reason: StringEnum(DISMISS_REASON_VALUES, {
      description:
        'METIER: not my job; COMPETENCES: not my skills; LIEU: too far; SALAIRE: pay too low; CONTRAT: wrong contract; ENTREPRISE: not this company; AUTRE',
    }),
    comment: Type.Optional(Nullable(Type.String({ maxLength: 500 }))),
  },
  { additionalProperties: false },
);

export const InviteToApplyBody = Type.Object(
  {
    message: Type.Optional(
      Nullable(
        Type.String({ maxLength: 2000, description: 'a few words from the recruiter, shown in the email' }),
      ),
    ),
  },
  { additionalProperties: false },
);
